import type { Database } from '@wenku/db';
import type { DomainContext, Runtime } from '@wenku/domain';
import {
  crawlSpiderUrl,
  downloadSpiderDocument,
  enqueueSpiderWork,
  publishSpiderDocument,
  SPIDER_CRAWL_QUEUE,
  SPIDER_DOWNLOAD_QUEUE,
  SPIDER_PUBLISH_QUEUE,
} from '@wenku/domain/spider';
import type PgBoss from 'pg-boss';

/**
 * The crawler's jobs (moredoc-pro-facts §9): crawl links, download documents, publish them. Two crawls and two
 * downloads run at once per worker (the per-host limits keep any one site slow), publishing one at a time. A sweep
 * queues pending work that has no job (a failed send, a crashed worker).
 */
export async function startSpiderWorker(boss: PgBoss, db: Database, runtime: Runtime, opts: { sweepSeconds: number }) {
  const ctx = (): DomainContext => ({ em: db.orm.em.fork(), runtime, actor: null, ip: '' });
  const queues: [string, (c: DomainContext, id: number) => Promise<void>, number][] = [
    [SPIDER_CRAWL_QUEUE, crawlSpiderUrl, 2],
    [SPIDER_DOWNLOAD_QUEUE, downloadSpiderDocument, 2],
    [SPIDER_PUBLISH_QUEUE, publishSpiderDocument, 1],
  ];
  for (const [name, run, workers] of queues) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: 'short' });
    for (let i = 0; i < workers; i++) {
      await boss.work<{ id: number }>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await run(ctx(), job.data.id);
      });
    }
  }
  const sweep = async () => {
    try {
      await enqueueSpiderWork(ctx());
    } catch (e) {
      console.error('crawler sweep', e);
    }
  };
  await sweep();
  const timer = setInterval(sweep, opts.sweepSeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
