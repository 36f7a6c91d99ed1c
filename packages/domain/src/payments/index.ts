export {
  ALIPAY_DEFAULT_GATEWAY,
  ALIPAY_SANDBOX_GATEWAY,
  type AlipayConfig,
  alipayConfigFromSettings,
  alipayNotifyAnswer,
  createAlipayPayment,
  queryAlipayPayment,
  verifyAlipayNotification,
} from './alipay.provider.ts';
export { centsToYuan, yuanToCents } from './format.ts';
export {
  type ConfiguredPaymentProvider,
  type NotificationInput,
  PAYMENT_PROVIDER_NAMES,
  type PaymentProviderName,
  paymentProviderFromSettings,
} from './payment-providers.ts';
export * from './types.ts';
export {
  createWechatPayment,
  downloadWechatPlatformCertificate,
  queryWechatPayment,
  verifyWechatNotification,
  WECHATPAY_DEFAULT_GATEWAY,
  type WechatPayConfig,
  wechatConfigFromSettings,
  wechatJsapiParams,
  wechatNotifyAnswer,
} from './wechatpay.provider.ts';
export {
  createXunhupayPayment,
  queryXunhupayPayment,
  verifyXunhupayNotification,
  XUNHUPAY_DEFAULT_GATEWAY,
  type XunhupayConfig,
  xunhupayConfigFromSettings,
  xunhupayHash,
  xunhupayNotifyAnswer,
} from './xunhupay.provider.ts';
