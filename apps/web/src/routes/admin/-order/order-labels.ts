import { type OrderDTO, OrderStatus, OrderType, PaymentMethod } from '@wenku/shared';

/** Order statuses (moredoc-pro-facts §4.1): 1 待支付, 2 已支付, 3 已关闭. */
export const ORDER_STATUSES = [OrderStatus.Pending, OrderStatus.Paid, OrderStatus.Closed] as const;

/** Badge colours of the statuses: pending red, paid green, closed grey (Pro's danger / success / info). */
export const ORDER_STATUS_TONE: Record<number, 'destructive' | 'success' | 'secondary'> = {
  [OrderStatus.Pending]: 'destructive',
  [OrderStatus.Paid]: 'success',
  [OrderStatus.Closed]: 'secondary',
};

/** Order types offered in the filter; 4 提现 is commented out of Pro's options. */
export const ORDER_TYPES = [OrderType.BuyDocument, OrderType.BuyVip, OrderType.Recharge] as const;

/** Payment methods in Pro's display order (8 虎皮椒支付 before 7 其他). */
export const PAYMENT_TYPES = [
  PaymentMethod.Wechat,
  PaymentMethod.Alipay,
  PaymentMethod.BankCard,
  PaymentMethod.Cash,
  PaymentMethod.Points,
  PaymentMethod.SystemRecharge,
  PaymentMethod.Aggregated,
  PaymentMethod.Other,
  PaymentMethod.DownloadCode,
  PaymentMethod.AdPayment,
] as const;

export const orderStatusKey = (status: number) => `admin.order.status.${status}`;
export const orderTypeKey = (type: number) => `admin.order.type.${type}`;
export const paymentTypeKey = (payment: number) => `admin.order.payment.${payment}`;

/** The document a document order bought, by uuid (the public address) or id; null for VIP and recharge orders. */
export function orderProductHref(o: Pick<OrderDTO, 'order_type' | 'product_id' | 'product_uuid'>): string | null {
  if (o.order_type !== OrderType.BuyDocument) return null;
  const key = o.product_uuid || (o.product_id > 0 ? String(o.product_id) : '');
  return key ? `/document/${encodeURIComponent(key)}` : null;
}

/** Yuan with two decimals (`money` of an online payment). */
export const formatYuan = (money: number) => money.toFixed(2);

/**
 * The unit an order's money is in (issue 20): a recharge is paid in yuan, and so is a VIP card bought online (not with
 * credits); a document, and a card paid with credits, in credits. Each amount shows in its own unit only.
 */
export function orderUnit(o: Pick<OrderDTO, 'order_type' | 'payment_type'>): 'yuan' | 'credits' {
  // An administrator's top-up is credits given, not bought.
  if (o.order_type === OrderType.Recharge) return o.payment_type === PaymentMethod.SystemRecharge ? 'credits' : 'yuan';
  if (o.order_type === OrderType.BuyVip && o.payment_type !== PaymentMethod.Points) return 'yuan';
  return 'credits';
}
