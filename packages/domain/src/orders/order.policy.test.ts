import { OrderStatus } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { isOverdue, mayDeleteOrder, mayViewOrder, mayViewVipGrant } from './order.policy.ts';

const buyer = { userId: 7, admin: false };
const other = { userId: 8, admin: false };
const admin = { userId: 9, admin: true };

describe('order policy', () => {
  it('shows an order to its buyer until deleted, to order administrators always', () => {
    const kept = { userId: 7, deletedAt: null };
    const deleted = { userId: 7, deletedAt: new Date() };
    expect(mayViewOrder(kept, buyer)).toBe(true);
    expect(mayViewOrder(deleted, buyer)).toBe(false);
    expect(mayViewOrder(kept, other)).toBe(false);
    expect(mayViewOrder(deleted, admin)).toBe(true);
  });

  it('shows the terms of a VIP grant to its buyer and order administrators', () => {
    expect(mayViewVipGrant({ userId: 7 }, buyer)).toBe(true);
    expect(mayViewVipGrant({ userId: 7 }, other)).toBe(false);
    expect(mayViewVipGrant({ userId: 7 }, admin)).toBe(true);
  });

  it('finds a pending order overdue at its deadline, never a paid or closed one', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(isOverdue({ status: OrderStatus.Pending, closedAt: at(-1) }, now)).toBe(true);
    expect(isOverdue({ status: OrderStatus.Pending, closedAt: at(0) }, now)).toBe(true);
    expect(isOverdue({ status: OrderStatus.Pending, closedAt: at(1) }, now)).toBe(false);
    expect(isOverdue({ status: OrderStatus.Pending, closedAt: null }, now)).toBe(false);
    expect(isOverdue({ status: OrderStatus.Paid, closedAt: at(-1) }, now)).toBe(false);
    expect(isOverdue({ status: OrderStatus.Closed, closedAt: at(-1) }, now)).toBe(false);
  });

  it('lets a buyer delete a closed order only', () => {
    expect(mayDeleteOrder({ status: OrderStatus.Closed })).toBe(true);
    expect(mayDeleteOrder({ status: OrderStatus.Pending })).toBe(false);
    expect(mayDeleteOrder({ status: OrderStatus.Paid })).toBe(false);
  });
});
