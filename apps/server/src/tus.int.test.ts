import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { officeFiles } from '../../../packages/converter/src/testing/office-files.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
let pdf: Buffer;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  // A PDF of a few MB: random-looking text does not compress, so the file stays big. The same text every run, so
  // LibreOffice writes it once per machine.
  const text = Array.from(
    { length: 4000 },
    (_, i) => `${i} ${createHash('sha256').update(String(i)).digest('base64').repeat(2)}`,
  ).join('\n');
  const { big } = await officeFiles({ big: { text, to: 'pdf' } });
  pdf = readFileSync(big);
}, 180_000);
afterAll(() => server.close());

function upload(token: string, options: Partial<tus.UploadOptions> = {}) {
  return new tus.Upload(pdf, {
    endpoint: `${server.url}/api/v1/upload/tus`,
    headers: { authorization: `Bearer ${token}` },
    chunkSize: 64 * 1024,
    metadata: { filename: '断点续传.pdf', filetype: 'application/pdf' },
    retryDelays: [],
    ...options,
  });
}

describe('resumable uploads (tus)', () => {
  it('resumes an interrupted upload where it stopped and ends with the attachment', async () => {
    const { client } = await server.api.registerMember('tus');
    let firstUrl = '';
    await new Promise<void>((resolve, reject) => {
      const first: tus.Upload = upload(client.token, {
        onProgress(sent) {
          if (sent >= 128 * 1024 && !firstUrl) {
            firstUrl = first.url ?? '';
            void first.abort().then(resolve);
          }
        },
        onError: reject,
      });
      first.start();
    });
    expect(firstUrl).toContain('/api/v1/upload/tus/');

    const head = await fetch(new URL(firstUrl, server.url), {
      method: 'HEAD',
      headers: { authorization: `Bearer ${client.token}`, 'tus-resumable': '1.0.0' },
    });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(pdf.length);

    const other = await server.api.registerMember('tus2');
    const stolen = await fetch(new URL(firstUrl, server.url), {
      method: 'HEAD',
      headers: { authorization: `Bearer ${other.client.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(stolen.status).toBe(404);

    let resumedFrom = -1;
    const body = await new Promise<string>((resolve, reject) => {
      const second = upload(client.token, {
        uploadUrl: new URL(firstUrl, server.url).toString(),
        onProgress(sent) {
          if (resumedFrom < 0) resumedFrom = sent;
        },
        onSuccess(payload) {
          resolve(payload.lastResponse.getBody() ?? '');
        },
        onError: reject,
      });
      second.start();
    });
    // The first progress report of the second upload starts at the server offset, not at 0.
    expect(resumedFrom).toBeGreaterThanOrEqual(offset);
    const parsed = JSON.parse(body) as { data: { id: number; hash: string; size: number } };
    expect(parsed.data.size).toBe(pdf.length);
    const created = await client.post<{ document: { id: number }[] }>('/document', {
      category_id: [],
      document: [{ title: '断点续传', attachment_id: parsed.data.id }],
    });
    expect(created.status).toBe(200);
  }, 120_000);

  it('refuses anonymous uploads and unsupported types before any byte is sent', async () => {
    const anon = await fetch(`${server.url}/api/v1/upload/tus`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
      },
    });
    expect(anon.status).toBe(401);
    const { client } = await server.api.registerMember('tus3');
    const exe = await fetch(`${server.url}/api/v1/upload/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${client.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${Buffer.from('setup.exe').toString('base64')}`,
      },
    });
    expect(exe.status).toBe(400);
    expect(JSON.parse(await exe.text()).message).toBe('不支持的文档类型');
  });
});
