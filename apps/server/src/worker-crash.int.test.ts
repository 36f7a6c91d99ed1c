import { type ChildProcess, spawn } from 'node:child_process';
import { dirname } from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Crash recovery: a worker process killed with SIGKILL in the middle of a conversion loses no job. Another worker
 * notices the silent conversion (no heartbeat) and converts the document from the start.
 */
let server: TestServer;
let admin: RestClient;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./main.ts', import.meta.url).pathname], {
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: inject('databaseUrl'),
      // The same storage as the test server, as workers on other machines would share object storage.
      DATA_DIR: dirname(server.booted.storageRoot),
      WORKER_SWEEP_SECONDS: '2',
      SEED_DEMO: '0',
    },
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
}

function bigPdf(pages: number): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
  const resources = doc.addObject({ Font: { F1: font } });
  for (let i = 0; i < pages; i++) {
    const lines = Array.from({ length: 40 }, (_, j) => `(line ${j} of page ${i + 1}) Tj 0 -16 Td`).join(' ');
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, `BT /F1 12 Tf 56 790 Td ${lines} ET`));
  }
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
});
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await server.close();
});

describe('worker crash', () => {
  it('a conversion interrupted by kill -9 is finished by another worker', async () => {
    await admin.put('/config', { config: [{ category: 'converter', name: 'max_preview', value: '150' }] });
    try {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bigPdf(150))]), 'big.pdf');
      const up = (await (
        await fetch(`${server.url}/api/v1/upload/document`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).json()) as { data: { id: number } };
      const created = await admin.post<{ document: { id: number }[] }>('/document', {
        category_id: [],
        document: [{ title: '大文件', attachment_id: up.data.id }],
      });
      const id = created.body.document[0]!.id;
      const get = async () =>
        (await admin.get<{ status: number; preview: number; pages: number }>('/document', { id })).body;

      const first = startWorker();
      for (let i = 0; i < 600; i++) {
        const d = await get();
        if (d.status === 1 && d.preview >= 3) break;
        if (d.status === 2) throw new Error('converted before it could be interrupted');
        await new Promise((r) => setTimeout(r, 100));
      }
      first.kill('SIGKILL');
      const interrupted = await get();
      expect(interrupted.status).toBe(1);
      expect(interrupted.preview).toBeLessThan(150);

      startWorker();
      let done = interrupted;
      for (let i = 0; i < 240 && done.status !== 2; i++) {
        await new Promise((r) => setTimeout(r, 500));
        done = await get();
      }
      expect(done.status).toBe(2);
      expect(done.pages).toBe(150);
      expect(done.preview).toBe(150);
    } finally {
      await admin.put('/config', { config: [{ category: 'converter', name: 'max_preview', value: '12' }] });
    }
  }, 240_000);
});
