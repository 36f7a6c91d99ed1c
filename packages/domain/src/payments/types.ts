import type { SettingKey } from '@wenku/shared';
/** What the order service asks a provider to collect. */
export interface PaymentRequest {
  /** Our order_no, sent as out_trade_no / trade_order_id. */
  orderNo: string;
  /** Product name; each provider truncates it to its own limit. */
  description: string;
  /** Integer cents, > 0. */
  amountCents: number;
  /** `${origin}/callback/{wechatpay|alipay|xunhupay}` */
  notifyUrl: string;
  /** `${origin}/order?order_no=…` */
  returnUrl: string;
  clientIp: string;
  /** desktop: WeChat Native QR / Alipay page; mobile: WeChat H5 / Alipay wap; wechat: WeChat JSAPI (needs openid). */
  scene: 'desktop' | 'mobile' | 'wechat';
  openid?: string;
  /** Order close deadline, passed as time_expire where the provider supports it. */
  expiresAt?: Date;
}

/**
 * Where to send the payer. For WeChat JSAPI `paymentUrl` is empty and `extra` holds the
 * `WeixinJSBridge.invoke('getBrandWCPayRequest', extra)` parameters; XunhuPay adds `extra.qrcode` (QR image URL); Alipay
 * QR pay (precreate) adds `extra.qr_code`, the text to show as a QR code (also `paymentUrl`).
 */
export interface PaymentStart {
  paymentUrl: string;
  extra?: Record<string, string>;
}

/**
 * A payment state the provider signed. `amountCents` is the amount the provider reports: the caller must compare
 * it with the order's amount before crediting anything.
 */
export interface PaymentNotice {
  orderNo: string;
  amountCents: number;
  /** The provider's own trade number (WeChat transaction_id, Alipay trade_no, XunhuPay open_order_id). */
  tradeNo: string;
  paid: boolean;
}

/** The exact HTTP answer a notification endpoint must give the provider. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Reads one settings value by `category.name`, e.g. `get('wechatpay.mchid')`; '' when unset. */
export type SettingsGetter = (key: SettingKey) => string;

/** A provider refused, answered something unexpected, or sent something that does not verify. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
