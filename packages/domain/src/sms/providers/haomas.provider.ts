// Haomas (浩信): no public API documentation could be found (searched docs, code and pages for 浩信/haomas; the
// hits were other vendors), so this is a configurable generic HTTP gateway, as issue 7 asks for that case:
// URL, GET or POST (form or JSON), a parameter template with placeholders, an optional signature of the sorted
// parameters, and a success check. Recorded for docs/decisions.md.
//
// Parameter template: one `name=value` per line; `{mobile} {code} {template} {minutes} {secret} {timestamp}
// {nonce}` are replaced (timestamp = Unix seconds). Signature (sign_type): the rendered parameters except the
// signature parameter and empty values, sorted by name (code-unit order), joined as `k=v&k2=v2` without encoding;
// md5 → lower-hex md5(joined + secret); hmac-sha256 → lower-hex HMAC-SHA256(key = secret, joined). The result is
// sent in the parameter named by sign_param (default `sign`).
// Success: when success_path is set, the JSON answer's value at that dot path (`data.0.status`) must equal
// success_value as text; else when success_contains is set, the body must contain it; else any HTTP 2xx.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { assertSmsRequest, callProvider, logText, networkFailure } from './http.ts';
import type { SmsSendRequest, SmsSendResult, SmsSettingsGetter } from './types.ts';

export const HAOMAS_SIGN_TYPES = ['none', 'md5', 'hmac-sha256'] as const;
export type HaomasSignType = (typeof HAOMAS_SIGN_TYPES)[number];

export interface HaomasConfig {
  url: string;
  method: 'GET' | 'POST';
  /** POST body encoding. */
  contentType: 'form' | 'json';
  /** `name=value` pairs in template order. */
  params: [string, string][];
  secret: string;
  signType: HaomasSignType;
  signParam: string;
  successPath: string;
  successValue: string;
  successContains: string;
  requestIdPath: string;
  /** Code lifetime for `{minutes}` (sms.code_ttl_minutes). */
  minutes: string;
}

/** `name=value` lines; blank lines and lines starting with # are skipped; the first `=` splits. */
export function parseParamTemplate(text: string): [string, string][] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line) => {
      const eq = line.indexOf('=');
      return [line.slice(0, eq).trim(), line.slice(eq + 1).trim()] as [string, string];
    })
    .filter(([name]) => name !== '');
}

/** Reads the smsHaomas settings group; null without a URL, without parameters, or with a signature but no secret. */
export function haomasConfigFromSettings(get: SmsSettingsGetter): HaomasConfig | null {
  const url = get('smsHaomas.url').trim();
  const params = parseParamTemplate(get('smsHaomas.params'));
  const signTypeRaw = get('smsHaomas.sign_type').trim().toLowerCase() || 'none';
  const signType = (HAOMAS_SIGN_TYPES as readonly string[]).includes(signTypeRaw)
    ? (signTypeRaw as HaomasSignType)
    : null;
  const secret = get('smsHaomas.secret').trim();
  if (!/^https?:\/\//i.test(url) || params.length === 0 || !signType) return null;
  if (signType !== 'none' && !secret) return null;
  return {
    url,
    method: get('smsHaomas.method').trim().toUpperCase() === 'GET' ? 'GET' : 'POST',
    contentType: get('smsHaomas.content_type').trim().toLowerCase() === 'json' ? 'json' : 'form',
    params,
    secret,
    signType,
    signParam: get('smsHaomas.sign_param').trim() || 'sign',
    successPath: get('smsHaomas.success_path').trim(),
    successValue: get('smsHaomas.success_value').trim(),
    successContains: get('smsHaomas.success_contains'),
    requestIdPath: get('smsHaomas.request_id_path').trim(),
    minutes: get('sms.code_ttl_minutes').trim() || '10',
  };
}

/** The signature of rendered parameters, as described at the top of this file. */
export function haomasSignature(
  params: Record<string, string>,
  cfg: Pick<HaomasConfig, 'signType' | 'signParam' | 'secret'>,
): string {
  const joined = Object.keys(params)
    .filter((k) => k !== cfg.signParam && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  if (cfg.signType === 'md5') return createHash('md5').update(`${joined}${cfg.secret}`, 'utf8').digest('hex');
  if (cfg.signType === 'hmac-sha256') return createHmac('sha256', cfg.secret).update(joined, 'utf8').digest('hex');
  return '';
}

/** Value at a dot path (`a.b.0.c`) of parsed JSON, or undefined. */
export function valueAtPath(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const part of path.split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function render(cfg: HaomasConfig, req: SmsSendRequest): Record<string, string> {
  const vars: Record<string, string> = {
    mobile: req.mobile,
    code: req.code,
    template: req.templateId,
    minutes: cfg.minutes,
    secret: cfg.secret,
    timestamp: String(Math.floor(Date.now() / 1000)),
    nonce: randomUUID().replaceAll('-', ''),
  };
  const out: Record<string, string> = {};
  for (const [name, value] of cfg.params) out[name] = value.replace(/\{(\w+)\}/g, (all, v: string) => vars[v] ?? all);
  return out;
}

/** Sends one code through the configured gateway; the success check decides ok. */
export async function sendHaomasSms(cfg: HaomasConfig, req: SmsSendRequest): Promise<SmsSendResult> {
  assertSmsRequest(req);
  const params = render(cfg, req);
  if (cfg.signType !== 'none') params[cfg.signParam] = haomasSignature(params, cfg);
  let url = cfg.url;
  const init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } = {
    method: cfg.method,
    headers: { Accept: 'application/json, text/plain, */*' },
  };
  if (cfg.method === 'GET') {
    const u = new URL(cfg.url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    url = u.toString();
  } else if (cfg.contentType === 'json') {
    init.headers['Content-Type'] = 'application/json; charset=utf-8';
    init.body = JSON.stringify(params);
  } else {
    init.headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=utf-8';
    init.body = new URLSearchParams(params).toString();
  }
  const answer = await callProvider(url, init);
  if ('error' in answer) return networkFailure('短信网关', answer.error);
  const response = logText(answer.text);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    json = undefined;
  }
  const requestId = cfg.requestIdPath ? String(valueAtPath(json, cfg.requestIdPath) ?? '') : '';
  const httpOk = answer.status >= 200 && answer.status < 300;
  let ok: boolean;
  if (!httpOk) ok = false;
  else if (cfg.successPath)
    ok = json !== undefined && String(valueAtPath(json, cfg.successPath) ?? '') === cfg.successValue;
  else if (cfg.successContains) ok = answer.text.includes(cfg.successContains);
  else ok = true;
  if (ok) return { ok, requestId, response, error: '' };
  return { ok, requestId, response, error: `短信网关返回 HTTP ${answer.status}：${answer.text.slice(0, 200)}` };
}
