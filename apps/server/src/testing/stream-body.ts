import { request } from 'node:http';

export interface StreamedAnswer {
  status: number;
  body: string;
  /** Bytes of the body written before the answer came (or all of them). */
  sent: number;
}

/**
 * Sends a large body in chunks the way a real client does, and stops sending as soon as the server answers: tells
 * whether the server refused before reading the body (`sent` far below `total`) or only after taking all of it. The
 * body is `head`, then filler bytes up to `total`, then `tail`; without `content-length` in the headers it goes
 * chunked (a length the server cannot know in advance).
 */
export function streamBody(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; total: number; head?: Buffer; tail?: Buffer },
): Promise<StreamedAnswer> {
  const head = opts.head ?? Buffer.alloc(0);
  const tail = opts.tail ?? Buffer.alloc(0);
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: opts.method ?? 'POST', headers: opts.headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), sent }));
      res.on('error', reject);
    });
    // The server may close the connection while the body is still going: that is the point, not a failure.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const pump = () => {
      while (!answered) {
        const filler = opts.total - tail.length - sent;
        let piece: Buffer;
        if (sent < head.length) piece = head.subarray(sent);
        else if (filler > 0) piece = chunk.subarray(0, Math.min(chunk.length, filler));
        else {
          sent += tail.length;
          req.end(tail);
          return;
        }
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** A multipart/form-data body with one file field, split around the file's bytes for `streamBody`. */
export function multipartFile(name: string, fileBytes: number) {
  const boundary = `----wenku${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n` +
      'content-type: application/octet-stream\r\n\r\n%PDF-1.4\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    head,
    tail,
    total: head.length + fileBytes + tail.length,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
