import type { Database } from '@wenku/db';
// The whole domain, not '@wenku/domain/search': the areas above search (articles) register their indexers on load.
import {
  type DomainContext,
  drainSearchQueue,
  purgeSearchRecords,
  type Runtime,
  refreshSearchBoost,
  SEARCH_INDEX_QUEUE,
} from '@wenku/domain';
import type PgBoss from 'pg-boss';

/**
 * The search indexer: drains `search_queue` when a change asks for it (a job sent after the commit) and every half
 * minute anyway (a send that failed, a crash mid-batch); nightly it refreshes ranking counters and purges old
 * search records.
 */
export async function startSearchWorker(boss: PgBoss, db: Database, runtime: Runtime) {
  const ctx = (): DomainContext => ({ em: db.orm.em.fork(), runtime, actor: null, ip: '' });
  if (!(await boss.getQueue(SEARCH_INDEX_QUEUE)))
    await boss.createQueue(SEARCH_INDEX_QUEUE, { name: SEARCH_INDEX_QUEUE, policy: 'short' });
  await boss.work(SEARCH_INDEX_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
    await drainSearchQueue(ctx());
  });
  await boss.createQueue('search-nightly', { name: 'search-nightly', policy: 'singleton' }).catch(() => undefined);
  await boss.schedule('search-nightly', '30 3 * * *');
  await boss.work('search-nightly', async () => {
    await refreshSearchBoost(ctx());
    await purgeSearchRecords(ctx());
  });
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await drainSearchQueue(ctx());
    } catch (e) {
      console.error('search index sweep', e);
    } finally {
      running = false;
    }
  };
  await sweep();
  const timer = setInterval(sweep, 30_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
