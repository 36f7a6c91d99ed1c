import os from 'node:os';
import { sweepScratch } from '@wenku/converter';
import type { Database } from '@wenku/db';
import { type DomainContext, isDomainError, type Runtime } from '@wenku/domain';
import { purgeAttachments } from '@wenku/domain/attachments';
import {
  CONVERT_QUEUE,
  convertDocument,
  documentsAwaitingConversion,
  enqueueConversion,
  FINGERPRINT_QUEUE,
  fingerprintDocument,
  OCR_QUEUE,
  ocrDocument,
} from '@wenku/domain/documents';
import { buildSitemap } from '@wenku/domain/sitemap';
import type PgBoss from 'pg-boss';

export interface ConvertWorkerOptions {
  /** Conversions at once; one per core at most (spec issue 3). */
  concurrency: number;
  maxRssBytes: number;
  /** How often waiting documents without a job are queued again (crash recovery). */
  sweepSeconds: number;
  /** A conversion silent this long lost its worker and is taken over. */
  staleSeconds: number;
}

/**
 * The conversion worker: consumes the queue with one conversion per core, and sweeps for documents that wait
 * without a job (a send that failed, a crash mid-conversion), so no document stalls silently.
 */
export async function startConvertWorker(boss: PgBoss, db: Database, runtime: Runtime, opts: ConvertWorkerOptions) {
  const ctx = (): DomainContext => ({ em: db.orm.em.fork(), runtime, actor: null, ip: '' });
  // A worker killed mid-conversion left its scratch folder and LibreOffice behind: clear them before taking jobs.
  const swept = await sweepScratch();
  if (swept.length) console.warn(`conversion: removed ${swept.length} scratch folder(s) left by stopped workers`);
  if (!(await boss.getQueue(CONVERT_QUEUE)))
    await boss.createQueue(CONVERT_QUEUE, { name: CONVERT_QUEUE, policy: 'short' });
  const concurrency = Math.max(1, Math.min(opts.concurrency, os.availableParallelism()));
  for (let i = 0; i < concurrency; i++) {
    await boss.work<{ documentId: number }>(
      CONVERT_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return;
        const id = job.data.documentId;
        const outcome = await convertDocument(ctx(), id, {
          maxRssBytes: opts.maxRssBytes,
          staleSeconds: opts.staleSeconds,
          onStart: () => console.log(`conversion: document ${id} started`),
        });
        if (outcome.status === 'failed') console.warn(`conversion: document ${id} failed: ${outcome.error}`);
        else if (outcome.status !== 'skipped') console.log(`conversion: document ${id} ${outcome.status}`);
      },
    );
  }
  // OCR is long and comes after the previews: one document at a time, so conversions keep their cores.
  if (!(await boss.getQueue(OCR_QUEUE))) await boss.createQueue(OCR_QUEUE, { name: OCR_QUEUE, policy: 'short' });
  await boss.work<{ documentId: number }>(OCR_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await ocrDocument(ctx(), job.data.documentId, { maxRssBytes: opts.maxRssBytes });
  });
  if (!(await boss.getQueue(FINGERPRINT_QUEUE)))
    await boss.createQueue(FINGERPRINT_QUEUE, { name: FINGERPRINT_QUEUE, policy: 'short' });
  await boss.work<{ documentId: number }>(
    FINGERPRINT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await fingerprintDocument(ctx(), job.data.documentId, { maxRssBytes: opts.maxRssBytes });
    },
  );
  const sweep = async () => {
    try {
      const c = ctx();
      for (const id of await documentsAwaitingConversion(c, opts.staleSeconds)) await enqueueConversion(c, id);
    } catch (e) {
      console.error('conversion sweep', e);
    }
  };
  // The site map is rebuilt daily (moredoc-facts §19.4); pg-boss's schedule runs it once across all workers.
  await boss.createQueue('sitemap', { name: 'sitemap', policy: 'singleton' }).catch(() => undefined);
  await boss.schedule('sitemap', '0 3 * * *');
  await boss.work('sitemap', async () => {
    // Without the site's domain there is nothing to build (absolute URLs only); the admin dashboard says so.
    await buildSitemap(ctx()).catch((e: unknown) => {
      if (!isDomainError(e) || e.code !== 'FEATURE_DISABLED') throw e;
    });
  });
  // Storage upkeep every 10 minutes (moredoc purged every minute; files are never needed back sooner).
  await boss
    .createQueue('purge-attachments', { name: 'purge-attachments', policy: 'singleton' })
    .catch(() => undefined);
  await boss.schedule('purge-attachments', '*/10 * * * *');
  await boss.work('purge-attachments', async () => {
    await purgeAttachments(ctx());
  });
  await sweep();
  const timer = setInterval(sweep, opts.sweepSeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
