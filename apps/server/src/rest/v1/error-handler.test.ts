import { once } from 'node:events';
import { createServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { stopReadingAfterAnswer } from './error-handler.ts';

const MB = 1024 * 1024;

/**
 * Sends a request with a body of `total` bytes over a raw socket, as fast as the server takes it, and resolves with
 * the answer's first line and the bytes sent once the connection ends.
 */
function sendAll(port: number, total: number) {
  return new Promise<{ head: string; sent: number }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    let sent = 0;
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const done = () => resolve({ head: head.split('\r\n')[0] ?? '', sent });
    socket.on('data', (d) => (head += d.toString()));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(`GET /slow HTTP/1.1\r\nHost: x\r\nContent-Length: ${total}\r\n\r\n`);
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (sent >= total) socket.end();
    };
    pump();
  });
}

describe('stopReadingAfterAnswer', () => {
  it('lets a slow answer reach a client still sending a large body, then stops reading it', async () => {
    // A GET whose answer takes a while (a query on a busy database) with a large body sent along: the body is not
    // read to its end, and the connection is not cut before the answer either.
    const server = createServer((_req, res) => {
      stopReadingAfterAnswer(res as unknown as Response);
      setTimeout(() => res.end('{"ok":true}'), 300);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { head, sent } = await sendAll((server.address() as AddressInfo).port, 300 * MB);
      expect(head).toBe('HTTP/1.1 200 OK');
      expect(sent).toBeLessThan(100 * MB);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
