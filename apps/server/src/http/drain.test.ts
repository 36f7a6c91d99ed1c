import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drainServer, trackRequests } from './drain.ts';

/** A server whose answers wait until `release()` is called. */
async function slowServer() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const server = createServer(async (_req, res) => {
    await gate;
    res.end('done');
  });
  const tracker = trackRequests(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const get = () =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/' }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });
  return { server, tracker, get, release };
}

describe('drainServer', () => {
  it('lets a request in flight finish before the server is closed', async () => {
    const { server, tracker, get, release } = await slowServer();
    const answer = get();
    while (tracker.inFlight() === 0) await new Promise((r) => setTimeout(r, 5));
    let drained = false;
    const draining = drainServer(server, tracker, 5000).then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(drained).toBe(false);
    release();
    expect(await answer).toEqual({ status: 200, body: 'done' });
    await draining;
    expect(drained).toBe(true);
    expect(server.listening).toBe(false);
  });

  it('gives up after the grace period and closes what is left', async () => {
    const { server, tracker, get } = await slowServer();
    const answer = get().catch((e: Error) => e);
    while (tracker.inFlight() === 0) await new Promise((r) => setTimeout(r, 5));
    const started = Date.now();
    await drainServer(server, tracker, 100);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await answer).toBeInstanceOf(Error);
  });

  it('returns at once when nothing is in flight', async () => {
    const { server, tracker } = await slowServer();
    await drainServer(server, tracker, 60_000);
    expect(server.listening).toBe(false);
  });
});
