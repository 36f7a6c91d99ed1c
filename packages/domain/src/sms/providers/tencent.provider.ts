// Tencent Cloud SMS SendSms, API 3.0 version 2021-01-11, signed with TC3-HMAC-SHA256 (cloud.tencent.com/document/
// api/382/52071 and "签名方法 v3"): CanonicalRequest = POST \n / \n (empty query) \n canonical headers \n signed
// headers \n hex(sha256(body)); StringToSign = TC3-HMAC-SHA256 \n timestamp \n {date}/sms/tc3_request \n
// hex(sha256(CanonicalRequest)); key chain HMAC("TC3" + SecretKey, date) → service → "tc3_request".
import { createHash, createHmac } from 'node:crypto';
import { assertSmsRequest, callProvider, e164, endpointUrl, logText, networkFailure, parseJsonObject } from './http.ts';
import type { SmsSendRequest, SmsSendResult, SmsSettingsGetter } from './types.ts';

export const TENCENT_DEFAULT_ENDPOINT = 'sms.tencentcloudapi.com';
export const TENCENT_DEFAULT_REGION = 'ap-guangzhou';
const SERVICE = 'sms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  region: string;
  endpoint: string;
}

/** Reads the smsTencent settings group; null when the key pair, SdkAppId or sign name is missing. */
export function tencentConfigFromSettings(get: SmsSettingsGetter): TencentSmsConfig | null {
  const secretId = get('smsTencent.secret_id').trim();
  const secretKey = get('smsTencent.secret_key').trim();
  const sdkAppId = get('smsTencent.sdk_app_id').trim();
  const signName = get('smsTencent.sign_name').trim();
  if (!secretId || !secretKey || !sdkAppId || !signName) return null;
  return {
    secretId,
    secretKey,
    sdkAppId,
    signName,
    region: get('smsTencent.region').trim() || TENCENT_DEFAULT_REGION,
    endpoint: endpointUrl(get('smsTencent.endpoint') || TENCENT_DEFAULT_ENDPOINT),
  };
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/** The Authorization header for one POST with JSON `payload` at `timestamp` (seconds). */
export function tencentAuthorization(
  cfg: Pick<TencentSmsConfig, 'secretId' | 'secretKey'>,
  input: { host: string; action: string; payload: string; timestamp: number },
): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders = `content-type:${CONTENT_TYPE}\nhost:${input.host}\nx-tc-action:${input.action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(input.payload)].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${cfg.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${cfg.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/**
 * Sends one code. Success is `SendStatusSet[0].Code === "Ok"`; `Response.Error` (auth, parameters) and any other
 * send status are ok:false with the provider's code and message.
 */
export async function sendTencentSms(cfg: TencentSmsConfig, req: SmsSendRequest): Promise<SmsSendResult> {
  assertSmsRequest(req);
  const payload = JSON.stringify({
    PhoneNumberSet: [e164(req.mobile)],
    SmsSdkAppId: cfg.sdkAppId,
    SignName: cfg.signName,
    TemplateId: req.templateId,
    TemplateParamSet: [req.code],
  });
  const action = 'SendSms';
  const timestamp = Math.floor(Date.now() / 1000);
  const url = new URL(cfg.endpoint);
  const answer = await callProvider(`${url.origin}/`, {
    method: 'POST',
    headers: {
      'Content-Type': CONTENT_TYPE,
      Authorization: tencentAuthorization(cfg, { host: url.host, action, payload, timestamp }),
      'X-TC-Action': action,
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Version': '2021-01-11',
      'X-TC-Region': cfg.region,
    },
    body: payload,
  });
  if ('error' in answer) return networkFailure('腾讯云短信', answer.error);
  const response = logText(answer.text);
  const r = parseJsonObject(answer.text)?.Response as Record<string, unknown> | undefined;
  const requestId = String(r?.RequestId ?? '');
  const error = r?.Error as { Code?: unknown; Message?: unknown } | undefined;
  if (error) return { ok: false, requestId, response, error: `${String(error.Code)}: ${String(error.Message ?? '')}` };
  const status = (r?.SendStatusSet as Record<string, unknown>[] | undefined)?.[0];
  if (!status) return { ok: false, requestId, response, error: `腾讯云短信返回 HTTP ${answer.status}，无发送状态` };
  if (status.Code === 'Ok') return { ok: true, requestId: String(status.SerialNo ?? requestId), response, error: '' };
  return { ok: false, requestId, response, error: `${String(status.Code)}: ${String(status.Message ?? '')}` };
}
