import { generateKeyPair } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => Promise<void> | void;

/** Starts an HTTP server on 127.0.0.1 with a free port; every request's body is read before the handler runs. */
export async function listenLocal(handler: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      Promise.resolve(handler(req, res, Buffer.concat(chunks).toString('utf8'))).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(String(err instanceof Error ? err.stack : err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location });
  res.end();
}

/** Form or JSON body as flat string fields (the gateways accept both). */
export function bodyFields(req: IncomingMessage, body: string): Record<string, string> {
  if ((req.headers['content-type'] ?? '').includes('json') || body.trim().startsWith('{')) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The stand-in cashier: one button, id `standin-pay`, whose POST makes the gateway notify and redirect. */
export function cashierPage(opts: {
  provider: string;
  title: string;
  amountText: string;
  orderNo: string;
  action: string;
}) {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(opts.provider)}（测试收银台）</title></head>
<body>
<h1>${escapeHtml(opts.provider)}（测试收银台）</h1>
<p>订单号：<span id="standin-order">${escapeHtml(opts.orderNo)}</span></p>
<p>商品：${escapeHtml(opts.title)}</p>
<p>金额：<span id="standin-amount">${escapeHtml(opts.amountText)}</span> 元</p>
<form method="post" action="${escapeHtml(opts.action)}"><button id="standin-pay" type="submit">确认支付</button></form>
</body></html>`;
}

export function donePage(provider: string, merchantAnswer: { status: number; body: string }) {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>支付成功</title></head>
<body><h1 id="standin-done">支付成功</h1><p>${escapeHtml(provider)} 通知商户，商户应答 HTTP ${merchantAnswer.status}：${escapeHtml(merchantAnswer.body)}</p></body></html>`;
}

/** What the gateway sent to notify_url and what the merchant answered. */
export interface SentNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface MerchantAnswer {
  status: number;
  body: string;
}

/** Delivers a notification the way the gateway does (a POST to notify_url) and returns the merchant's answer. */
export async function deliver(n: SentNotification): Promise<MerchantAnswer> {
  try {
    const res = await fetch(n.url, {
      method: 'POST',
      headers: n.headers,
      body: n.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { status: 0, body: `连接失败：${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * A merchant-side notification endpoint for tests: passes headers and raw body to `handle` and answers what it
 * returns, as the server's /callback/* handler will.
 */
export async function startNotifyReceiver(
  handle: (input: { headers: Record<string, string | undefined>; rawBody: string }) => {
    status: number;
    contentType: string;
    body: string;
  },
) {
  const received: { headers: Record<string, string | undefined>; rawBody: string }[] = [];
  const server = await listenLocal((req, res, body) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
    );
    const input = { headers, rawBody: body };
    received.push(input);
    const answer = handle(input);
    res.writeHead(answer.status, { 'Content-Type': answer.contentType });
    res.end(answer.body);
  });
  return { ...server, received };
}

const generateRsa = promisify(generateKeyPair);
/** A fresh 2048-bit RSA key pair (PEM strings). */
export const rsaPair = () =>
  generateRsa('rsa', {
    modulusLength: 2048,
  });

/** A settings getter over a stand-in's rows; `overrides` replace single rows. */
export const rowsGetter =
  (rows: Record<string, string>) =>
  (overrides: Record<string, string> = {}) =>
  (name: string) =>
    ({ ...rows, ...overrides })[name] ?? '';

/** Sends the last notification again, unchanged, and records the merchant's new answer. */
export async function replayLast<N extends { sent: SentNotification; answer: MerchantAnswer }>(
  notifications: N[],
): Promise<MerchantAnswer> {
  const last = notifications.at(-1);
  if (!last) throw new Error('stand-in: nothing to replay');
  const result = await deliver(last.sent);
  notifications.push({ ...last, answer: result });
  return result;
}
