import { describe, expect, it } from 'vitest';
import { formatYuan, orderProductHref, orderUnit, PAYMENT_TYPES } from './order-labels';

describe('order labels', () => {
  it('links document orders to the document, by uuid first', () => {
    expect(orderProductHref({ order_type: 1, product_id: 42, product_uuid: 'abc' })).toBe('/document/abc');
    expect(orderProductHref({ order_type: 1, product_id: 42, product_uuid: '' })).toBe('/document/42');
    expect(orderProductHref({ order_type: 1, product_id: 0, product_uuid: '' })).toBeNull();
  });

  it('has no goods page for VIP and recharge orders', () => {
    expect(orderProductHref({ order_type: 2, product_id: 1, product_uuid: '' })).toBeNull();
    expect(orderProductHref({ order_type: 3, product_id: 0, product_uuid: '' })).toBeNull();
  });

  it("lists payment methods in Pro's order, 8 before 7", () => {
    expect(PAYMENT_TYPES).toEqual([1, 2, 3, 4, 5, 6, 8, 7, 9, 10]);
  });

  it('shows each order in its own unit: recharges and VIP bought online in yuan, documents and credit-paid cards in credits', () => {
    expect(orderUnit({ order_type: 3, payment_type: 2 })).toBe('yuan');
    expect(orderUnit({ order_type: 3, payment_type: 0 })).toBe('yuan');
    expect(orderUnit({ order_type: 3, payment_type: 6 })).toBe('credits');
    expect(orderUnit({ order_type: 2, payment_type: 1 })).toBe('yuan');
    expect(orderUnit({ order_type: 2, payment_type: 5 })).toBe('credits');
    expect(orderUnit({ order_type: 1, payment_type: 5 })).toBe('credits');
    expect(orderUnit({ order_type: 1, payment_type: 9 })).toBe('credits');
  });

  it('shows yuan with two decimals', () => {
    expect(formatYuan(12)).toBe('12.00');
    expect(formatYuan(0.5)).toBe('0.50');
  });
});
