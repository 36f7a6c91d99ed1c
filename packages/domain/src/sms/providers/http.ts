import type { SmsSendRequest, SmsSendResult } from './types.ts';

/** The brief's limit for one provider call; a slower provider counts as a failed send. */
export const SMS_REQUEST_TIMEOUT_MS = 10_000;
/** The admin log keeps at most this much of a provider's answer. */
export const SMS_RESPONSE_LOG_CHARS = 2000;

export interface ProviderAnswer {
  status: number;
  text: string;
}

/**
 * One HTTP call to a provider. Network failures and timeouts come back as `{ error }` so adapters can turn them
 * into ok:false; nothing here throws.
 */
export async function callProvider(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<ProviderAnswer | { error: string }> {
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SMS_REQUEST_TIMEOUT_MS),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return { error: `${err instanceof Error ? err.message : String(err)}${cause}` };
  }
}

/** The JSON object of an answer, or null when it is not one. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const logText = (text: string) => text.slice(0, SMS_RESPONSE_LOG_CHARS);

export function networkFailure(providerLabel: string, error: string): SmsSendResult {
  return { ok: false, requestId: '', response: '', error: `无法连接${providerLabel}：${error}` };
}

/** `dysmsapi.aliyuncs.com` → `https://dysmsapi.aliyuncs.com`; a full URL (stand-in, private cloud) is kept. */
export function endpointUrl(endpoint: string): string {
  const trimmed = endpoint.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Programming errors only: the service validates input before it reaches a provider. */
export function assertSmsRequest(req: SmsSendRequest): void {
  if (!req.mobile.trim()) throw new Error('SMS request without a mobile number');
  if (!/^\d{4,8}$/.test(req.code)) throw new Error('SMS code must be 4–8 digits');
  if (!req.templateId.trim()) throw new Error('SMS request without a template id');
}

/** Mainland numbers as E.164 (`+8613800138000`); numbers that already carry `+` are kept. */
export function e164(mobile: string): string {
  const m = mobile.trim();
  return m.startsWith('+') ? m : `+86${m}`;
}

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - _ . ~ is %XX (upper-case hex). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** ISO 8601 UTC without milliseconds: 2017-07-12T02:42:19Z (Aliyun Timestamp, Baidu x-bce-date, Huawei Created). */
export const isoSeconds = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
