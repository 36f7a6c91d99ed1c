export { type AliyunStandInOptions, startAliyunSmsStandIn } from './aliyun.stand-in.ts';
export { type BaiduStandInOptions, startBaiduSmsStandIn } from './baidu.stand-in.ts';
export { type HaomasStandInOptions, startHaomasSmsStandIn } from './haomas.stand-in.ts';
export { type HuaweiStandInOptions, startHuaweiSmsStandIn } from './huawei.stand-in.ts';
export { type DeliveredSms, type SmsStandIn, type SmsStandInOptions, TEST_TEMPLATES } from './stand-in-common.ts';
export { startTencentSmsStandIn, type TencentStandInOptions } from './tencent.stand-in.ts';
