import { ORDER_CLOSE_QUEUE } from '@wenku/domain';
import { OrderStatus } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeOrder } from './testing/factories.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

/**
 * The overdue-order job (issue 6): scheduled every minute in the queue, it closes unpaid orders past their deadline
 * without anybody reading them, and leaves paid and still-running orders alone.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: true });
}, 120_000);
afterAll(() => server.close());

async function order(status: (typeof OrderStatus)[keyof typeof OrderStatus], closesIn: string) {
  const m = await server.api.registerMember('oj');
  return (await makeOrder(server, { userId: m.id, status, closesIn })).orderNo;
}
const statusOf = async (orderNo: string) =>
  (await server.sql<{ status: number }>('select status from orders where order_no = ?', [orderNo]))[0]?.status;

describe('overdue-order job', () => {
  it('is scheduled every minute and closes only pending orders past their deadline', async () => {
    const boss = server.booted.boss!;
    const schedules = await boss.getSchedules();
    expect(schedules.find((s) => s.name === ORDER_CLOSE_QUEUE)?.cron).toBe('* * * * *');

    const overdue = await order(OrderStatus.Pending, '-1 minute');
    const running = await order(OrderStatus.Pending, '30 minutes');
    const paid = await order(OrderStatus.Paid, '-1 minute');
    // Run the job now rather than wait for the minute.
    await boss.send(ORDER_CLOSE_QUEUE, {});
    await expect.poll(() => statusOf(overdue), { timeout: 20_000, interval: 200 }).toBe(3);
    expect(await statusOf(running)).toBe(1);
    expect(await statusOf(paid)).toBe(2);
  });
});
