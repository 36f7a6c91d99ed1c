// Huawei Cloud Message & SMS, POST {app access address}/sms/batchSendSms/v1, form-encoded, X-WSSE authentication
// (support.huaweicloud.com/api-msgsms/sms_05_0001.html): header X-WSSE `UsernameToken Username="{app_key}",
// PasswordDigest="…",Nonce="…",Created="…"` and `Authorization: WSSE realm="SDP",profile="UsernameToken",
// type="Appkey"`. PasswordDigest follows Huawei's own samples (Java, Python, Node): the SHA-256 of
// nonce + created + app_secret as lower-case hex, and that hex text base64-encoded (not the raw digest).
// Not confirmed from Huawei's pages: the error codes of authentication failures (the stand-in uses E000004 for a
// bad digest, E000020 for an unknown app key, E000027 for a stale Created; the adapter only reads code/description).
import { createHash, randomUUID } from 'node:crypto';
import {
  assertSmsRequest,
  callProvider,
  e164,
  endpointUrl,
  isoSeconds,
  logText,
  networkFailure,
  parseJsonObject,
} from './http.ts';
import type { SmsSendRequest, SmsSendResult, SmsSettingsGetter } from './types.ts';

export const HUAWEI_DEFAULT_ENDPOINT = 'https://smsapi.cn-north-4.myhuaweicloud.com:443';
export const HUAWEI_SEND_PATH = '/sms/batchSendSms/v1';

export interface HuaweiSmsConfig {
  appKey: string;
  appSecret: string;
  /** 签名通道号, sent as `from`. */
  sender: string;
  /** Signature name, required with general templates; sent when set. */
  signature: string;
  endpoint: string;
}

/** Reads the smsHuawei settings group; null when app key, secret or sender channel is missing. */
export function huaweiConfigFromSettings(get: SmsSettingsGetter): HuaweiSmsConfig | null {
  const appKey = get('smsHuawei.app_key').trim();
  const appSecret = get('smsHuawei.app_secret').trim();
  const sender = get('smsHuawei.sender').trim();
  if (!appKey || !appSecret || !sender) return null;
  return {
    appKey,
    appSecret,
    sender,
    signature: get('smsHuawei.signature').trim(),
    endpoint: endpointUrl(get('smsHuawei.endpoint') || HUAWEI_DEFAULT_ENDPOINT),
  };
}

/** The X-WSSE header value for one request. */
export function huaweiWsseHeader(appKey: string, appSecret: string, nonce: string, created: string): string {
  const hex = createHash('sha256').update(`${nonce}${created}${appSecret}`, 'utf8').digest('hex');
  const digest = Buffer.from(hex, 'utf8').toString('base64');
  return `UsernameToken Username="${appKey}",PasswordDigest="${digest}",Nonce="${nonce}",Created="${created}"`;
}

export const HUAWEI_AUTHORIZATION = 'WSSE realm="SDP",profile="UsernameToken",type="Appkey"';

/** Sends one code; code "000000" (and result[0].status "000000") is success, anything else ok:false. */
export async function sendHuaweiSms(cfg: HuaweiSmsConfig, req: SmsSendRequest): Promise<SmsSendResult> {
  assertSmsRequest(req);
  const form = new URLSearchParams({
    from: cfg.sender,
    to: e164(req.mobile),
    templateId: req.templateId,
    templateParas: JSON.stringify([req.code]),
  });
  if (cfg.signature) form.set('signature', cfg.signature);
  const answer = await callProvider(`${cfg.endpoint}${HUAWEI_SEND_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: HUAWEI_AUTHORIZATION,
      'X-WSSE': huaweiWsseHeader(cfg.appKey, cfg.appSecret, randomUUID().replaceAll('-', ''), isoSeconds()),
    },
    body: form.toString(),
  });
  if ('error' in answer) return networkFailure('华为云短信', answer.error);
  const response = logText(answer.text);
  const r = parseJsonObject(answer.text);
  const first = (r?.result as Record<string, unknown>[] | undefined)?.[0];
  const requestId = String(first?.smsMsgId ?? '');
  if (r?.code === '000000' && (!first || String(first.status ?? '000000') === '000000'))
    return { ok: true, requestId, response, error: '' };
  if (r?.code === '000000' && first)
    return {
      ok: false,
      requestId,
      response,
      error: `${String(first.status)}: 号码 ${String(first.originTo ?? '')} 发送失败`,
    };
  const error = r?.code ? `${String(r.code)}: ${String(r.description ?? '')}` : `华为云短信返回 HTTP ${answer.status}`;
  return { ok: false, requestId, response, error };
}
