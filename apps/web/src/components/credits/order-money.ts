import { formatPrice, type OrderDTO, OrderType, rechargePrice } from '@wenku/shared';

/** One money figure: credits (null: not shown) and yuan as display text (null: not shown, `--`: cannot be priced). */
export interface MoneyLine {
  credits: number | null;
  yuan: string | null;
}

export interface OrderMoney {
  /** 商品单价. */
  unit: MoneyLine;
  /** 实付金额. */
  paid: MoneyLine;
  /** The total before the discount, struck through, when the order had one. */
  struck: MoneyLine | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The money of an order as the order page shows it (moredoc-pro-facts §2.2, §4.3). A recharge is bought with money:
 * yuan only, the paid figure being the order's `money`. Other orders are priced in credits, with the yuan equivalent
 * in brackets when `system.show_exchange` is on. `amount`, `price` and `coupon_amount` are credits; `money` is yuan.
 */
export function orderMoney(
  order: Pick<OrderDTO, 'order_type' | 'price' | 'amount' | 'coupon_amount' | 'money'>,
  opts: { creditExchange: number; showExchange: boolean },
): OrderMoney {
  const yuanOf = (credits: number) => formatPrice(rechargePrice(credits, opts.creditExchange));
  const before = round2(order.amount + order.coupon_amount);
  const discounted = order.coupon_amount > 0;
  if (order.order_type === OrderType.Recharge) {
    return {
      unit: { credits: null, yuan: yuanOf(order.price) },
      paid: { credits: null, yuan: order.money.toFixed(2) },
      struck: discounted ? { credits: null, yuan: yuanOf(before) } : null,
    };
  }
  const paidYuan = opts.creditExchange > 0 ? order.money.toFixed(2) : formatPrice(null);
  return {
    unit: { credits: order.price, yuan: opts.showExchange ? yuanOf(order.price) : null },
    paid: { credits: order.amount, yuan: opts.showExchange ? paidYuan : null },
    struck: discounted ? { credits: before, yuan: opts.showExchange ? yuanOf(before) : null } : null,
  };
}

/**
 * Until when a bought document may be downloaded again for free: paid_at + `download.free_download_duration` days
 * (moredoc-pro-facts §4.4). Null when the order is unpaid or the setting is 0 (no period shown).
 */
export function purchaseExpiry(paidAt: string | null, days: number): Date | null {
  if (!paidAt || !(days > 0)) return null;
  const paid = new Date(paidAt);
  if (Number.isNaN(paid.getTime())) return null;
  return new Date(paid.getTime() + days * 86_400_000);
}
