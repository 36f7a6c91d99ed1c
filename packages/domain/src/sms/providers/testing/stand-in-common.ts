import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocal } from '../../../payments/testing/stand-in-http.ts';

/** A message the stand-in accepted, as a phone would show it. */
export interface DeliveredSms {
  mobile: string;
  code: string;
  template: string;
  /** Sign name, signature id or sender channel, as the provider names it. */
  sign: string;
}

export interface SmsStandInOptions {
  /** Shifts the stand-in's clock, to make the adapter's timestamps look stale. */
  clockOffsetMs?: number;
}

/** What every SMS stand-in offers a test. */
export interface SmsStandIn {
  url: string;
  delivered: DeliveredSms[];
  /** The code last delivered to this number, or undefined. */
  lastCode(mobile: string): string | undefined;
  /** Answers every following valid send with this provider-side failure; `null` restores success. */
  failWith(failure: { code: string; message: string } | null): void;
  /** A getter for this provider's settings rows pointing at the stand-in, with `overrides` by `category.name`. */
  settings(overrides?: Record<string, string>): (key: string) => string;
  close(): Promise<void>;
}

export const TEST_TEMPLATES = {
  template_register: 'TPL_REGISTER',
  template_login: 'TPL_LOGIN',
  template_find_password: 'TPL_FIND_PASSWORD',
};

/** Settings getter from rows keyed by bare name inside one category. */
export function settingsGetter(
  category: string,
  rows: Record<string, string>,
  overrides: Record<string, string> = {},
): (key: string) => string {
  const all: Record<string, string> = {
    ...Object.fromEntries(Object.entries(rows).map(([k, v]) => [`${category}.${k}`, v])),
    ...overrides,
  };
  return (key) => all[key] ?? '';
}

/** What a stand-in keeps between requests: the messages it delivered and the failure a test asked for. */
export class StandInLog {
  readonly delivered: DeliveredSms[] = [];
  failure: { code: string; message: string } | null = null;
}

/** The stand-in a test gets: the listening server, its log, and its settings rows under `category`. */
export function smsStandIn(
  server: { url: string; close(): Promise<void> },
  log: StandInLog,
  category: string,
  rows: Record<string, string>,
): SmsStandIn {
  return {
    url: server.url,
    delivered: log.delivered,
    lastCode: (mobile) => lastCodeOf(log.delivered, mobile),
    failWith: (failure) => {
      log.failure = failure;
    },
    settings: (overrides) => settingsGetter(category, rows, overrides),
    close: server.close,
  };
}

/**
 * Starts a stand-in on a local port: `handle` answers each request (the body read whole) and keeps what it delivered
 * and the failure a test asked for in `log`; `rows(url)` are its settings rows under `category`, pointing at `url`.
 */
export async function startSmsStandIn(
  category: string,
  handle: (req: IncomingMessage, res: ServerResponse, body: string, log: StandInLog) => Promise<void> | void,
  rows: (url: string) => Record<string, string>,
): Promise<SmsStandIn> {
  const log = new StandInLog();
  const server = await listenLocal((req, res, body) => handle(req, res, body, log));
  return smsStandIn(server, log, category, rows(server.url));
}

export function lastCodeOf(delivered: DeliveredSms[], mobile: string): string | undefined {
  for (let i = delivered.length - 1; i >= 0; i--) if (delivered[i]?.mobile === mobile) return delivered[i]?.code;
  return undefined;
}

/** Constant-time comparison of two strings (different lengths are simply unequal). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
export const hmacHex = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest('hex');

/**
 * Percent-encoding written byte by byte (not via encodeURIComponent) so the stand-ins do not share the adapters'
 * encoder: unreserved characters of RFC 3986 stay, every other UTF-8 byte becomes %XX in upper case.
 */
export function percentEncodeBytes(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Header value as one string. */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
}
