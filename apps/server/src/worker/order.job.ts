import type { Database } from '@wenku/db';
import { closeExpiredOrders, ORDER_CLOSE_QUEUE } from '@wenku/domain/orders';
import type PgBoss from 'pg-boss';

/**
 * Closes unpaid orders at their deadline (`security.order_timeout_minutes`): a queue job scheduled every minute, so
 * one worker of many does it. Reading an order or a list closes an overdue one at once as well, so the page never
 * shows a payable order past its time.
 */
export async function startOrderWorker(boss: PgBoss, db: Database) {
  if (!(await boss.getQueue(ORDER_CLOSE_QUEUE)))
    await boss.createQueue(ORDER_CLOSE_QUEUE, { name: ORDER_CLOSE_QUEUE, policy: 'singleton' });
  await boss.schedule(ORDER_CLOSE_QUEUE, '* * * * *');
  await boss.work(ORDER_CLOSE_QUEUE, async () => {
    const closed = await closeExpiredOrders(db.orm.em.fork());
    if (closed > 0) console.log(`orders: closed ${closed} unpaid order(s) past their deadline`);
  });
}
