import { OrderType, PaymentMethod } from '@wenku/shared';

/** The methods a buyer may choose on the order page, in display order (moredoc-pro-facts §2.2). */
export type PayMethodName = 'points' | 'wechatpay' | 'alipay' | 'xunhupay' | 'downcode';

export interface PayMethod {
  type: number;
  name: PayMethodName;
  disabled: boolean;
}

export interface PayContext {
  orderType: number;
  /** The order's amount in credits. */
  amount: number;
  /** The buyer's credit balance. */
  balance: number;
  wechatpay: boolean;
  alipay: boolean;
  xunhupay: boolean;
  /** `download.enable_code_download`. */
  codeDownload: boolean;
  /** `download.max_price`: 0 means no cap (moredoc-pro-facts §12.13). */
  maxPrice: number;
  /** `vip.enable_credit_pay`. */
  vipCreditPay: boolean;
}

/**
 * The methods shown for an order and whether each is disabled: points for document orders (and VIP orders when
 * `vip.enable_credit_pay`), never for recharges, disabled when the balance is short; the online methods as the
 * payment settings enable them; a download code only for documents, disabled above `max_price` when it is set.
 * Nothing can be chosen for an order that costs nothing.
 */
export function payMethods(c: PayContext): PayMethod[] {
  const free = !(c.amount > 0);
  const out: PayMethod[] = [];
  if (c.orderType === OrderType.BuyDocument || (c.orderType === OrderType.BuyVip && c.vipCreditPay)) {
    out.push({ type: PaymentMethod.Points, name: 'points', disabled: free || c.amount > c.balance });
  }
  if (c.wechatpay) out.push({ type: PaymentMethod.Wechat, name: 'wechatpay', disabled: free });
  if (c.alipay) out.push({ type: PaymentMethod.Alipay, name: 'alipay', disabled: free });
  if (c.xunhupay) out.push({ type: PaymentMethod.Aggregated, name: 'xunhupay', disabled: free });
  if (c.codeDownload && c.orderType === OrderType.BuyDocument) {
    out.push({
      type: PaymentMethod.DownloadCode,
      name: 'downcode',
      disabled: free || (c.maxPrice > 0 && c.amount > c.maxPrice),
    });
  }
  return out;
}

/**
 * The method selected when the page opens: the one the pending order was last started with, when it can still be
 * chosen; else points when usable; else the first usable method; else the first shown one (so the page explains
 * why it cannot be used, e.g. the balance). Null when no method is offered at all.
 */
export function defaultPayMethod(methods: readonly PayMethod[], orderPaymentType: number): number | null {
  const usable = methods.filter((m) => !m.disabled);
  const own = usable.find((m) => m.type === orderPaymentType);
  if (own) return own.type;
  const points = usable.find((m) => m.type === PaymentMethod.Points);
  if (points) return points.type;
  return usable[0]?.type ?? methods[0]?.type ?? null;
}
