export {
  type AlipayNotifyOptions,
  type AlipayStandIn,
  type AlipayStandInPayment,
  startAlipayStandIn,
} from './alipay.stand-in.ts';
export { type MerchantAnswer, type SentNotification, startNotifyReceiver } from './stand-in-http.ts';
export {
  startWechatPayStandIn,
  type WechatNotifyOptions,
  type WechatPayStandIn,
  type WechatStandInPayment,
} from './wechatpay.stand-in.ts';
export {
  startXunhupayStandIn,
  type XunhupayNotifyOptions,
  type XunhupayStandIn,
  type XunhupayStandInPayment,
} from './xunhupay.stand-in.ts';
