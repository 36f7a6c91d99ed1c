import { createHash } from 'node:crypto';
import dns from 'node:dns';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { isPublicAddress } from './address.ts';

/** How the crawler may reach the web. */
export interface FetchPolicy {
  /** Tests only (`WENKU_SPIDER_ALLOW_PRIVATE=1`): allow loopback and private addresses. Never on in production. */
  allowPrivate: boolean;
  /** The whole request, headers and body, must finish within this time. */
  timeoutMs: number;
  /** Bodies longer than this are refused, by Content-Length or while streaming. */
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
}

export const DEFAULT_FETCH_POLICY: FetchPolicy = {
  allowPrivate: false,
  timeoutMs: 30_000,
  maxBytes: 50 * 1024 * 1024,
  maxRedirects: 5,
  userAgent: 'Mozilla/5.0 (compatible; WenkuBot/1.0)',
};

export type FetchErrorKind = 'blocked' | 'timeout' | 'too_large' | 'http' | 'redirects' | 'network' | 'robots';

/** A refused or failed fetch, with the reason the crawler shows the operator. */
export class FetchError extends Error {
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The head of a response; the body is read by one of the methods, at most once. */
export interface FetchResponse {
  /** The address finally answered, after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  contentType: string;
  /** Reads the whole body into memory (pages, robots.txt), within the size limit. */
  text(): Promise<string>;
  buffer(): Promise<Buffer>;
  /** Streams the body to a file within the size limit; answers its size and MD5. */
  saveTo(path: string): Promise<{ size: number; md5: string }>;
  /** Drops the body without reading it (HEAD-like checks of a GET). */
  discard(): void;
}

/** A DNS lookup that refuses non-public addresses: the address checked is the one the socket connects to. */
function guardedLookup(policy: FetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !policy.allowPrivate && !isPublicAddress(a.address));
      if (bad || list.length === 0) {
        const e = new FetchError('blocked', `禁止访问内网或保留地址：${hostname} (${bad?.address ?? '无地址'})`);
        return callback(e as NodeJS.ErrnoException, '', 4);
      }
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0] as dns.LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses what can be refused before connecting: other schemes, credentials, literal non-public addresses. */
export function checkUrl(url: URL, policy: Pick<FetchPolicy, 'allowPrivate'>): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchError('blocked', '只支持 http 和 https 链接');
  if (url.username || url.password) throw new FetchError('blocked', '链接中不能包含用户名或密码');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivate) {
    if (net.isIP(host) && !isPublicAddress(host)) throw new FetchError('blocked', `禁止访问内网或保留地址：${host}`);
    if (/^localhost$|\.localhost$|\.local$|\.internal$/i.test(host))
      throw new FetchError('blocked', `禁止访问内网或保留地址：${host}`);
  }
}

function requestOnce(
  url: URL,
  method: 'GET' | 'HEAD',
  policy: FetchPolicy,
  signal: AbortSignal,
  extraHeaders: Record<string, string>,
): Promise<IncomingMessage> {
  checkUrl(url, policy);
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(url, {
      method,
      // A fresh connection per request, so the guarded lookup runs for every hop.
      agent: false,
      lookup: guardedLookup(policy),
      signal,
      headers: {
        'user-agent': policy.userAgent,
        accept: '*/*',
        'accept-encoding': 'gzip, deflate, br',
        ...extraHeaders,
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function translateError(e: unknown, signal: AbortSignal, timeoutMs: number): FetchError {
  if (e instanceof FetchError) return e;
  const cause = (e as { cause?: unknown })?.cause;
  if (cause instanceof FetchError) return cause;
  if (signal.aborted) return new FetchError('timeout', `请求超时（${Math.round(timeoutMs / 1000)} 秒）`);
  const code = (e as NodeJS.ErrnoException)?.code ?? '';
  return new FetchError('network', `网络错误：${code || (e as Error)?.message || String(e)}`);
}

/** Options of one fetch. */
export interface FetchOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /**
   * Asked before following each redirect, with the address redirected to (after the scheme and address checks);
   * throwing a FetchError refuses the hop. The crawler checks robots.txt of the new origin here, so a redirect
   * cannot lead it to a path the target site forbids.
   */
  beforeRedirect?: (to: URL) => Promise<void> | void;
}

/**
 * Fetches a URL under the crawler's rules: http(s) only, public addresses only (checked on the address actually
 * connected, for every redirect hop), at most `maxRedirects` redirects, each one first put to `beforeRedirect`,
 * one deadline for the whole exchange and a size cap enforced while streaming. Non-2xx answers throw
 * `FetchError('http')`. Throws FetchError.
 */
export async function safeFetch(
  input: string | URL,
  policy: FetchPolicy,
  opts: FetchOptions = {},
): Promise<FetchResponse> {
  const method = opts.method ?? 'GET';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  let url = typeof input === 'string' ? new URL(input) : input;
  let res: IncomingMessage;
  try {
    for (let hop = 0; ; hop++) {
      res = await requestOnce(url, method, policy, controller.signal, opts.headers ?? {});
      const location = res.headers.location;
      if (!REDIRECTS.has(res.statusCode ?? 0) || !location) break;
      res.resume();
      if (hop >= policy.maxRedirects)
        throw new FetchError('redirects', `重定向次数过多（超过 ${policy.maxRedirects} 次）`);
      url = new URL(location, url);
      // Refused schemes and addresses fail before the next origin is asked for its robots.txt.
      checkUrl(url, policy);
      await opts.beforeRedirect?.(url);
    }
  } catch (e) {
    done();
    throw translateError(e, controller.signal, policy.timeoutMs);
  }
  const status = res.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    res.resume();
    done();
    throw new FetchError('http', `HTTP ${status}`);
  }
  const declared = Number(res.headers['content-length'] ?? '');
  if (method === 'GET' && Number.isFinite(declared) && declared > policy.maxBytes) {
    res.destroy();
    done();
    throw new FetchError('too_large', `文件大小超过限制（${formatMb(policy.maxBytes)}）`);
  }
  const response = res;
  let used = false;
  const body = (): Readable => {
    if (used) throw new Error('body already read');
    used = true;
    const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
    const decoder =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? zlib.createGunzip()
        : encoding === 'deflate'
          ? zlib.createInflate()
          : encoding === 'br'
            ? zlib.createBrotliDecompress()
            : null;
    const stream: Readable = decoder ? response.pipe(decoder) : response;
    if (decoder) response.once('error', (e) => decoder.destroy(e));
    // The limit counts decoded bytes, so a compression bomb stops at the same size as a plain file.
    let seen = 0;
    stream.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > policy.maxBytes) {
        const e = new FetchError('too_large', `文件大小超过限制（${formatMb(policy.maxBytes)}）`);
        stream.destroy(e);
        response.destroy();
      }
    });
    return stream;
  };
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      response.destroy();
      throw translateError(e, controller.signal, policy.timeoutMs);
    } finally {
      done();
    }
  };
  const buffer = () =>
    guard(async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of body()) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
  return {
    url,
    status,
    headers: response.headers,
    contentType: String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() as string,
    buffer,
    text: async () => decodeHtml(await buffer(), String(response.headers['content-type'] ?? '')),
    saveTo: (path) =>
      guard(async () => {
        const md5 = createHash('md5');
        let size = 0;
        const source = body();
        source.on('data', (c: Buffer) => {
          md5.update(c);
          size += c.length;
        });
        try {
          await pipeline(source, createWriteStream(path));
        } catch (e) {
          await rm(path, { force: true });
          throw e;
        }
        return { size, md5: md5.digest('hex') };
      }),
    discard: () => {
      used = true;
      response.destroy();
      done();
    },
  };
}

const formatMb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Decodes a page by its declared charset (header, then `<meta charset>`), UTF-8 when none; GBK pages are common. */
export function decodeHtml(bytes: Buffer, contentType: string): string {
  const fromHeader = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  const head = bytes.subarray(0, 2048).toString('latin1');
  const fromMeta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  const label = (fromHeader || fromMeta || 'utf-8').toLowerCase();
  try {
    return new TextDecoder(label === 'gb2312' ? 'gbk' : label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
