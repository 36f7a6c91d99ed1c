import type { Database } from '@wenku/db';
import type { JobQueue } from '@wenku/domain';
import PgBoss from 'pg-boss';

/**
 * The job queue in PostgreSQL (pg-boss 10). Jobs are sent after the transaction that caused them has committed, on
 * pg-boss's own small pool: never from inside a transaction, which would deadlock the embedded server.
 */
export async function startQueue(db: Database): Promise<{ boss: PgBoss; queue: JobQueue }> {
  const boss = new PgBoss({
    ...db.connection,
    max: 3,
    schema: 'pgboss',
    // Maintenance (expiring stalled jobs so they are retried) runs on every process; it is idempotent.
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (e) => console.error('queue', e));
  await boss.start();
  const known = new Set<string>();
  const queue: JobQueue = {
    async send(name, data, options) {
      if (!known.has(name)) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: 'short' });
        known.add(name);
      }
      await boss.send(name, data, {
        singletonKey: options?.singletonKey,
        startAfter: options?.startAfterSeconds,
        retryLimit: 2,
        retryDelay: 30,
        expireInSeconds: 2 * 60 * 60,
      });
    },
  };
  return { boss, queue };
}
