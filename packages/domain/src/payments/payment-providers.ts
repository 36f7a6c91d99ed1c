import {
  alipayConfigFromSettings,
  alipayNotifyAnswer,
  createAlipayPayment,
  queryAlipayPayment,
  verifyAlipayNotification,
} from './alipay.provider.ts';
import type { NotifyAnswer, PaymentNotice, PaymentRequest, PaymentStart, SettingsGetter } from './types.ts';
import {
  createWechatPayment,
  queryWechatPayment,
  verifyWechatNotification,
  wechatConfigFromSettings,
  wechatNotifyAnswer,
} from './wechatpay.provider.ts';
import {
  createXunhupayPayment,
  queryXunhupayPayment,
  verifyXunhupayNotification,
  xunhupayConfigFromSettings,
  xunhupayNotifyAnswer,
} from './xunhupay.provider.ts';

/** Settings group names, also the last segment of the notification URL (`/callback/{name}`). */
export const PAYMENT_PROVIDER_NAMES = ['wechatpay', 'alipay', 'xunhupay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** What an HTTP handler has of a notification: headers and the unparsed body. */
export interface NotificationInput {
  headers: Record<string, string | undefined>;
  rawBody: string;
}

/** One provider with its configuration bound, so callers need not know which one it is. */
export interface ConfiguredPaymentProvider {
  name: PaymentProviderName;
  create(req: PaymentRequest): Promise<PaymentStart>;
  /** Throws PaymentProviderError when the notification does not verify. */
  verifyNotification(input: NotificationInput): PaymentNotice;
  query(orderNo: string): Promise<PaymentNotice | null>;
  notifyAnswer(ok: boolean, message?: string): NotifyAnswer;
}

/** Alipay and XunhuPay post forms; a JSON body is accepted too (some XunhuPay gateways post JSON). */
function formFields(rawBody: string): Record<string, string> {
  const text = rawBody.trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(parsed)
          .filter(([, v]) => v !== null && typeof v !== 'object')
          .map(([k, v]) => [k, String(v)]),
      );
    } catch {
      // Fall through: treat it as a form, verification will then fail.
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** The named provider bound to its settings, or null when it is disabled or incompletely configured. */
export function paymentProviderFromSettings(
  name: PaymentProviderName,
  get: SettingsGetter,
): ConfiguredPaymentProvider | null {
  switch (name) {
    case 'wechatpay': {
      const cfg = wechatConfigFromSettings(get);
      return cfg
        ? {
            name,
            create: (req) => createWechatPayment(cfg, req),
            verifyNotification: (input) => verifyWechatNotification(cfg, input),
            query: (orderNo) => queryWechatPayment(cfg, orderNo),
            notifyAnswer: (ok, message) => wechatNotifyAnswer(ok, message),
          }
        : null;
    }
    case 'alipay': {
      const cfg = alipayConfigFromSettings(get);
      return cfg
        ? {
            name,
            create: (req) => createAlipayPayment(cfg, req),
            verifyNotification: (input) => verifyAlipayNotification(cfg, formFields(input.rawBody)),
            query: (orderNo) => queryAlipayPayment(cfg, orderNo),
            notifyAnswer: (ok) => alipayNotifyAnswer(ok),
          }
        : null;
    }
    case 'xunhupay': {
      const cfg = xunhupayConfigFromSettings(get);
      return cfg
        ? {
            name,
            create: (req) => createXunhupayPayment(cfg, req),
            verifyNotification: (input) => verifyXunhupayNotification(cfg, formFields(input.rawBody)),
            query: (orderNo) => queryXunhupayPayment(cfg, orderNo),
            notifyAnswer: (ok) => xunhupayNotifyAnswer(ok),
          }
        : null;
    }
  }
}

/** Which providers can take a payment now: switched on and completely configured (keys that parse). */
export function readyPaymentProviders(get: SettingsGetter): Record<PaymentProviderName, boolean> {
  return {
    wechatpay: paymentProviderFromSettings('wechatpay', get) !== null,
    alipay: paymentProviderFromSettings('alipay', get) !== null,
    xunhupay: paymentProviderFromSettings('xunhupay', get) !== null,
  };
}
