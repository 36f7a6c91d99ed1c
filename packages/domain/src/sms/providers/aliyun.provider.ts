// Aliyun Dysmsapi SendSms, RPC style, API version 2017-05-25, signature version 1.0 (help.aliyun.com "RPC风格请求
//签名"): the sorted, percent-encoded query is signed as base64(HMAC-SHA1(secret + '&', 'GET&%2F&' + encode(query))).
// Percent-encoding is RFC 3986 (space → %20, * → %2A, ~ kept), as the official samples' specialUrlEncode does.
// Not confirmed from Aliyun's own pages (only from samples): that RegionId is optional for SendSms (we send
// cn-hangzhou, as every sample does).
import { createHmac, randomUUID } from 'node:crypto';
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

export const ALIYUN_DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  endpoint: string;
}

/** Reads the smsAliyun settings group; null when a key, the secret or the sign name is missing. */
export function aliyunConfigFromSettings(get: SmsSettingsGetter): AliyunSmsConfig | null {
  const accessKeyId = get('smsAliyun.access_key_id').trim();
  const accessKeySecret = get('smsAliyun.access_key_secret').trim();
  const signName = get('smsAliyun.sign_name').trim();
  if (!accessKeyId || !accessKeySecret || !signName) return null;
  return {
    accessKeyId,
    accessKeySecret,
    signName,
    endpoint: endpointUrl(get('smsAliyun.endpoint') || ALIYUN_DEFAULT_ENDPOINT),
  };
}

/** The canonicalized query: parameters sorted by name, name and value RFC 3986-encoded, joined by &. */
export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k] ?? '')}`)
    .join('&');
}

/** Signature version 1.0 for a GET request. */
export function aliyunSignature(params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `GET&${rfc3986('/')}&${rfc3986(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Sends one code; `Code: "OK"` is success, any other Code (isv.*, SignatureDoesNotMatch…) is ok:false. */
export async function sendAliyunSms(cfg: AliyunSmsConfig, req: SmsSendRequest): Promise<SmsSendResult> {
  assertSmsRequest(req);
  const params: Record<string, string> = {
    AccessKeyId: cfg.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: req.mobile,
    RegionId: 'cn-hangzhou',
    SignName: cfg.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: req.templateId,
    TemplateParam: JSON.stringify({ code: req.code }),
    Timestamp: isoSeconds(),
    Version: '2017-05-25',
  };
  const query = `${aliyunCanonicalQuery(params)}&Signature=${rfc3986(aliyunSignature(params, cfg.accessKeySecret))}`;
  const answer = await callProvider(`${cfg.endpoint}/?${query}`, {
    method: 'GET',
    headers: { Accept: 'application/json' },
  });
  if ('error' in answer) return networkFailure('阿里云短信', answer.error);
  const body = parseJsonObject(answer.text);
  const response = logText(answer.text);
  const requestId = String(body?.BizId ?? body?.RequestId ?? '');
  if (body?.Code === 'OK') return { ok: true, requestId, response, error: '' };
  const error = body?.Code
    ? `${String(body.Code)}: ${String(body.Message ?? '')}`
    : `阿里云短信返回 HTTP ${answer.status}`;
  return { ok: false, requestId: String(body?.RequestId ?? ''), response, error };
}
