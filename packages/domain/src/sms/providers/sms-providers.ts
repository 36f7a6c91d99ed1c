import { aliyunConfigFromSettings, sendAliyunSms } from './aliyun.provider.ts';
import { baiduConfigFromSettings, sendBaiduSms } from './baidu.provider.ts';
import { haomasConfigFromSettings, sendHaomasSms } from './haomas.provider.ts';
import { huaweiConfigFromSettings, sendHuaweiSms } from './huawei.provider.ts';
import { sendTencentSms, tencentConfigFromSettings } from './tencent.provider.ts';
import type { ConfiguredSmsProvider, SmsProviderName, SmsSettingsGetter } from './types.ts';

/** The named provider bound to its settings (`{name}.{key}` rows), or null when they are incomplete. */
export function smsProviderFromSettings(name: SmsProviderName, get: SmsSettingsGetter): ConfiguredSmsProvider | null {
  switch (name) {
    case 'smsAliyun': {
      const cfg = aliyunConfigFromSettings(get);
      return cfg ? { name, send: (req) => sendAliyunSms(cfg, req) } : null;
    }
    case 'smsTencent': {
      const cfg = tencentConfigFromSettings(get);
      return cfg ? { name, send: (req) => sendTencentSms(cfg, req) } : null;
    }
    case 'smsBaidu': {
      const cfg = baiduConfigFromSettings(get);
      return cfg ? { name, send: (req) => sendBaiduSms(cfg, req) } : null;
    }
    case 'smsHuawei': {
      const cfg = huaweiConfigFromSettings(get);
      return cfg ? { name, send: (req) => sendHuaweiSms(cfg, req) } : null;
    }
    case 'smsHaomas': {
      const cfg = haomasConfigFromSettings(get);
      return cfg ? { name, send: (req) => sendHaomasSms(cfg, req) } : null;
    }
    default:
      return null;
  }
}
