import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { multipartFile, streamBody } from './testing/stream-body.ts';

/**
 * Issue 15 item 5: every body is limited before it is read, the caller is known before a byte of a file is accepted,
 * the size cap holds as bytes arrive (tus with a deferred length included), unfinished uploads have a quota.
 */
let server: TestServer;
let admin: RestClient;
const MB = 1024 * 1024;

const dataDir = () => dirname(server.booted.storageRoot);
/** Bytes of every file left in a folder of the data directory. */
const bytesIn = (folder: string) => {
  const dir = join(dataDir(), folder);
  return readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
};
const filesIn = (folder: string) => readdirSync(join(dataDir(), folder));

const tusCreate = (token: string, headers: Record<string, string>) =>
  fetch(`${server.url}/api/v1/upload/tus`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-metadata': `filename ${Buffer.from('大文件.pdf').toString('base64')}`,
      ...headers,
    },
  });

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
});
afterAll(() => server.close());

describe('bodies are limited before they are read', () => {
  it('refuses a large anonymous tRPC body unread, declared or streamed', async () => {
    const declared = await streamBody(`${server.url}/api/trpc/user.login`, {
      headers: { 'content-type': 'application/json', 'content-length': String(150 * MB) },
      total: 150 * MB,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: '上传的内容过大',
      reason: 'common.body_too_large',
    });
    expect(declared.sent).toBeLessThan(20 * MB);
    // No length announced: counted as the bytes arrive, refused past the limit.
    const streamed = await streamBody(`${server.url}/api/trpc/user.login`, {
      headers: { 'content-type': 'application/json' },
      total: 150 * MB,
    });
    expect(streamed.status).toBe(413);
    expect(streamed.sent).toBeLessThan(20 * MB);
    // Ordinary calls still work.
    expect((await server.api.get('/settings')).status).toBe(200);
    const login = await fetch(`${server.url}/api/trpc/user.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-here', password: 'wrong-password' }),
    });
    expect(login.status).not.toBe(413);
    expect(await login.text()).toContain('用户名或密码错误');
  });

  it('answers an anonymous multipart upload before reading it, and writes nothing', async () => {
    const form = multipartFile('big.pdf', 100 * MB);
    const announced: Record<string, string>[] = [
      { 'content-type': form.contentType, 'content-length': String(form.total) },
      { 'content-type': form.contentType },
    ];
    for (const headers of announced) {
      const res = await streamBody(`${server.url}/api/v1/upload/document`, { headers, ...form });
      expect(res.status).toBe(401);
      expect(res.sent).toBeLessThan(20 * MB);
    }
    expect(filesIn('upload-tmp')).toEqual([]);
    const image = await streamBody(`${server.url}/api/v1/upload/avatar`, {
      headers: { 'content-type': form.contentType },
      ...form,
    });
    expect(image.status).toBe(401);
    expect(image.sent).toBeLessThan(20 * MB);
  });

  it("stops a member's document upload at the size cap as the bytes arrive and keeps nothing", async () => {
    const { client } = await server.api.registerMember('cap');
    await admin.putConfig({ 'security.max_document_size': '2' });
    try {
      const form = multipartFile('over.pdf', 40 * MB);
      const auth = { authorization: `Bearer ${client.token}`, 'content-type': form.contentType };
      const declared = await streamBody(`${server.url}/api/v1/upload/document`, {
        headers: { ...auth, 'content-length': String(form.total) },
        ...form,
      });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body).message).toBe('文档大小不能超过 2 MB');
      expect(declared.sent).toBeLessThan(20 * MB);
      // A body that does not say how long it is: multer stops writing at the cap (and discards the rest).
      const streamed = await streamBody(`${server.url}/api/v1/upload/document`, { headers: auth, ...form });
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body).message).toBe('文档大小不能超过 2 MB');
      expect(filesIn('upload-tmp')).toEqual([]);
    } finally {
      await admin.putConfig({ 'security.max_document_size': '50' });
    }
  });

  it('holds the tus size cap as bytes arrive when the length is deferred, and keeps nothing over it', async () => {
    const { client } = await server.api.registerMember('defer');
    const created = await tusCreate(client.token, { 'upload-defer-length': '1' });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') ?? '', server.url).toString();
    const id = location.split('/').pop() ?? '';
    // 60 MB against the default 50 MB cap, in a body whose length is not announced.
    const patch = await streamBody(location, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${client.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      total: 60 * MB,
    });
    expect(patch.status).toBe(413);
    expect(JSON.parse(patch.body).message).toBe('文档大小不能超过 50 MB');
    // The upload that went past the cap is gone, bytes and all.
    expect(filesIn('tus').filter((f) => f.startsWith(id))).toEqual([]);
    expect(bytesIn('tus')).toBeLessThanOrEqual(50 * MB);
  }, 60_000);

  it('gives each member a quota of unfinished tus uploads, also under parallel creations', async () => {
    const { client } = await server.api.registerMember('quota');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => tusCreate(client.token, { 'upload-length': String(MB) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429);
    expect(JSON.parse(await refused!.text()).message).toBe('未完成的上传过多，请先完成或取消之前的上传');
    // Another member is not held back by the first one's uploads.
    const other = await server.api.registerMember('quota2');
    expect((await tusCreate(other.client.token, { 'upload-length': String(MB) })).status).toBe(201);
    // Bytes count too: three caps reserved (a deferred length reserves a whole cap), then nothing more.
    const big = await server.api.registerMember('quota3');
    expect((await tusCreate(big.client.token, { 'upload-length': String(50 * MB) })).status).toBe(201);
    expect((await tusCreate(big.client.token, { 'upload-defer-length': '1' })).status).toBe(201);
    expect((await tusCreate(big.client.token, { 'upload-length': String(50 * MB) })).status).toBe(201);
    expect((await tusCreate(big.client.token, { 'upload-length': '10' })).status).toBe(429);
  });
});

/**
 * Sends `total` bytes of body whatever the server answers meanwhile (as a client that does not read answers does):
 * how many bytes went out before the server closed the connection, and the answer's status line.
 */
function sendAll(path: string, total: number, chunked: boolean, method = 'POST') {
  return new Promise<{ sent: number; head: string }>((resolve) => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    let sent = 0;
    let head = '';
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const done = () => resolve({ sent, head: head.split('\r\n')[0] ?? '' });
    socket.on('data', (d) => (head += d.toString()));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n` +
        (chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${total}\r\n\r\n`),
    );
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        const piece = chunked
          ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
          : chunk;
        sent += chunk.length;
        if (!socket.write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (sent >= total) socket.end(chunked ? '0\r\n\r\n' : '');
    };
    pump();
  });
}

describe('a body sent to a path no route answers', () => {
  it("is answered 404 in the site's format and not read on, under /api and elsewhere", async () => {
    for (const path of ['/api/v1/no-such-call', '/api/none', '/no-such-page', '/uploads-nothing']) {
      const answer = await streamBody(`${server.url}${path}`, { total: MB });
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toMatchObject({ code: 'NOT_FOUND' });
      for (const chunked of [false, true]) {
        const res = await sendAll(path, 300 * MB, chunked);
        expect(res.head, path).toBe('HTTP/1.1 404 Not Found');
        // Socket buffers and the server's polling let some megabytes more through than the 4 MB it reads on.
        expect(res.sent, `${path} chunked: ${chunked}`).toBeLessThan(100 * MB);
      }
    }
  });
});

describe('bodies of the MOREDOC route table', () => {
  it('reads the JSON body of a POST, refuses one that is no JSON, and answers a GET from its query alone', async () => {
    const post = (body: string) =>
      fetch(`${server.url}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const wrong = await post(JSON.stringify({ username: 'admin', password: 'not-the-password', captcha_id: '' }));
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(((await wrong.json()) as { message: string }).message).toBeTruthy();
    const broken = await post('{"username": "admin",');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: '请求格式不正确' });
    const oversized = await post(JSON.stringify({ username: 'x'.repeat(3 * MB) }));
    expect(oversized.status).toBe(413);
    // A GET's input is its query string: a body sent along (even a broken one) is not read.
    const list = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/v1/category/list?type=0`,
        { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': '3' } },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end('{x:');
    });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toHaveProperty('category');
    // …nor read on to its end when it is large.
    for (const chunked of [false, true]) {
      const huge = await sendAll('/api/v1/category/list?type=0', 300 * MB, chunked, 'GET');
      expect(huge.head).toBe('HTTP/1.1 200 OK');
      expect(huge.sent, `chunked: ${chunked}`).toBeLessThan(100 * MB);
    }
  });
});

describe('a connection after a refusal', () => {
  it('stays usable when the refused body was short: the next request on it is answered', async () => {
    // One keep-alive connection for both requests, as browsers and fetch reuse them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = new URL(server.url);
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, method, path, agent, headers: body ? { 'content-type': 'text/plain' } : {} },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      // Refused at the door before its body is read (anonymous), but the body is small and arrives whole.
      const refused = await send('POST', '/api/v1/upload/document', 'x'.repeat(100));
      expect(refused.status).toBe(401);
      // Longer than the lingering read after a refusal: a connection whose body ended must not be dropped then.
      await new Promise((r) => setTimeout(r, 2500));
      const next = await send('GET', '/api/v1/settings');
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });
});
