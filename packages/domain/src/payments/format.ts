import { createPrivateKey, createPublicKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { PaymentProviderError, type PaymentRequest } from './types.ts';

/** 1234 → '12.34' (providers that speak yuan want exactly two decimals). */
export function centsToYuan(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new PaymentProviderError(`金额无效：${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** '12.3' → 1230; anything but a plain decimal with at most two places is refused (no float rounding). */
export function yuanToCents(yuan: string | number): number {
  const text = String(yuan).trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new PaymentProviderError(`金额格式无效：${text}`);
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new PaymentProviderError(`金额无效：${text}`);
  return cents;
}

/** Cuts to at most `max` characters (code points, so no half surrogate pair is sent). */
export function truncateChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** Cuts to at most `maxBytes` UTF-8 bytes without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}

const BEIJING_OFFSET_MS = 8 * 3600_000;

/**
 * Formats a moment in Beijing time (UTC+8, no daylight saving), which is what the providers' time fields mean
 * whatever the server's own time zone is. `rfc3339`: 2024-05-20T13:29:35+08:00; `plain`: 2024-05-20 13:29:35.
 */
export function beijingTime(date: Date, style: 'rfc3339' | 'plain'): string {
  const t = new Date(date.getTime() + BEIJING_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())}`;
  const time = `${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
  return style === 'rfc3339' ? `${day}T${time}+08:00` : `${day} ${time}`;
}

/** 32 random alphanumeric characters (the longest nonce every provider accepts). */
export function nonceStr(): string {
  return randomBytes(16).toString('hex');
}

/** Constant-time string comparison for signatures and hashes. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Case-insensitive header lookup (Express lowercases names; other callers may not). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Refuses requests no provider would accept, before anything is sent. */
export function assertPaymentRequest(req: PaymentRequest): void {
  if (!req.orderNo || req.orderNo.length > 32) throw new PaymentProviderError('订单号必须是 1 到 32 个字符');
  if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0) {
    throw new PaymentProviderError(`支付金额必须是大于 0 的整数分：${req.amountCents}`);
  }
  if (!req.notifyUrl) throw new PaymentProviderError('缺少支付通知地址');
}

/** The product name to show, never empty (every provider requires one). */
export function paymentTitle(req: PaymentRequest): string {
  const title = req.description.replace(/\s+/g, ' ').trim();
  return title || `订单 ${req.orderNo}`;
}

const PEM_RE = /-----BEGIN [A-Z ]+-----/;

function base64Body(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, 'base64') : null;
}

/**
 * Reads an RSA private key as admins paste it: PEM (PKCS#1 or PKCS#8) or the bare base64 body that the providers'
 * key tools print. Returns null when it is not a key.
 */
export function parsePrivateKey(text: string): KeyObject | null {
  try {
    if (PEM_RE.test(text)) return createPrivateKey(text.trim());
    const der = base64Body(text);
    if (!der) return null;
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  } catch {
    return null;
  }
}

/** Reads a public key: PEM (SPKI, PKCS#1 or an X.509 certificate) or a bare base64 SPKI/PKCS#1 body. */
export function parsePublicKey(text: string): KeyObject | null {
  try {
    if (PEM_RE.test(text)) return createPublicKey(text.trim());
    const der = base64Body(text);
    if (!der) return null;
    try {
      return createPublicKey({ key: der, format: 'der', type: 'spki' });
    } catch {
      return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  } catch {
    return null;
  }
}
