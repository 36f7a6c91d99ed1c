// Baidu AI Cloud SMS v3, POST /api/v3/sendSms, signed with bce-auth-v1 (cloud.baidu.com/doc/Reference/s/
// njwvz1yfu "生成认证字符串"): authStringPrefix = bce-auth-v1/{ak}/{timestamp}/{expirationPeriodInSeconds};
// signingKey = hex(HMAC-SHA256(sk, prefix)); CanonicalRequest = METHOD \n URI \n query \n headers, where each
// signed header is uriEncode(lower(name)) + ':' + uriEncode(trim(value)), sorted; signature = hex(HMAC-SHA256(
// signingKey, CanonicalRequest)); Authorization = prefix/{signedHeaders}/{signature}.
// Not confirmed from Baidu's pages: the exact error body for authentication failures (we read `code`/`message`
// whatever they hold); the answer's `data[].messageId` field name comes from the SDK samples.
import { createHmac } from 'node:crypto';
import {
  assertSmsRequest,
  callProvider,
  endpointUrl,
  isoSeconds,
  logText,
  networkFailure,
  parseJsonObject,
  rfc3986,
} from './http.ts';
import type { SmsSendRequest, SmsSendResult, SmsSettingsGetter } from './types.ts';

export const BAIDU_DEFAULT_ENDPOINT = 'smsv3.bj.baidubce.com';
export const BAIDU_SEND_PATH = '/api/v3/sendSms';
/** How long the signature stays valid, in seconds (the SDKs' default). */
const EXPIRATION_SECONDS = 1800;

export interface BaiduSmsConfig {
  accessKeyId: string;
  secretAccessKey: string;
  signatureId: string;
  endpoint: string;
}

/** Reads the smsBaidu settings group; null when the key pair or the signature id is missing. */
export function baiduConfigFromSettings(get: SmsSettingsGetter): BaiduSmsConfig | null {
  const accessKeyId = get('smsBaidu.access_key_id').trim();
  const secretAccessKey = get('smsBaidu.secret_access_key').trim();
  const signatureId = get('smsBaidu.signature_id').trim();
  if (!accessKeyId || !secretAccessKey || !signatureId) return null;
  return {
    accessKeyId,
    secretAccessKey,
    signatureId,
    endpoint: endpointUrl(get('smsBaidu.endpoint') || BAIDU_DEFAULT_ENDPOINT),
  };
}

const hmacHex = (key: string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest('hex');

/** bce-auth-v1 Authorization for a request without query string; `headers` are exactly the signed ones. */
export function bceAuthorization(
  cfg: Pick<BaiduSmsConfig, 'accessKeyId' | 'secretAccessKey'>,
  input: { method: string; path: string; headers: Record<string, string>; timestamp: string },
): string {
  const prefix = `bce-auth-v1/${cfg.accessKeyId}/${input.timestamp}/${EXPIRATION_SECONDS}`;
  const signingKey = hmacHex(cfg.secretAccessKey, prefix);
  const entries = Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()] as const);
  const canonicalHeaders = entries
    .map(([k, v]) => `${rfc3986(k)}:${rfc3986(v)}`)
    .sort()
    .join('\n');
  const canonicalUri = input.path.split('/').map(rfc3986).join('/');
  const canonicalRequest = [input.method.toUpperCase(), canonicalUri, '', canonicalHeaders].join('\n');
  const signedHeaders = entries
    .map(([k]) => k)
    .sort()
    .join(';');
  return `${prefix}/${signedHeaders}/${hmacHex(signingKey, canonicalRequest)}`;
}

/** Sends one code with contentVar {code}; code "1000" is success, any other code is ok:false. */
export async function sendBaiduSms(cfg: BaiduSmsConfig, req: SmsSendRequest): Promise<SmsSendResult> {
  assertSmsRequest(req);
  const body = JSON.stringify({
    mobile: req.mobile,
    template: req.templateId,
    signatureId: cfg.signatureId,
    contentVar: { code: req.code },
  });
  const url = new URL(cfg.endpoint);
  const timestamp = isoSeconds();
  const signed = {
    host: url.host,
    'content-type': 'application/json;charset=utf-8',
    'x-bce-date': timestamp,
  };
  const authorization = bceAuthorization(cfg, { method: 'POST', path: BAIDU_SEND_PATH, headers: signed, timestamp });
  const answer = await callProvider(`${url.origin}${BAIDU_SEND_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': signed['content-type'], 'x-bce-date': timestamp, Authorization: authorization },
    body,
  });
  if ('error' in answer) return networkFailure('百度云短信', answer.error);
  const response = logText(answer.text);
  const r = parseJsonObject(answer.text);
  const requestId = String(r?.requestId ?? '');
  if (String(r?.code ?? '') === '1000') {
    const first = (r?.data as Record<string, unknown>[] | undefined)?.[0];
    if (first && String(first.code ?? '1000') !== '1000')
      return { ok: false, requestId, response, error: `${String(first.code)}: ${String(first.message ?? '')}` };
    return { ok: true, requestId: String(first?.messageId ?? requestId), response, error: '' };
  }
  const error = r?.code ? `${String(r.code)}: ${String(r.message ?? '')}` : `百度云短信返回 HTTP ${answer.status}`;
  return { ok: false, requestId, response, error };
}
