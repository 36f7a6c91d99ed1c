import type { SettingKey } from '@wenku/shared';
/** One verification code to deliver through a provider's template. */
export interface SmsSendRequest {
  mobile: string;
  /** 6 digits */
  code: string;
  /** provider template id for the purpose */
  templateId: string;
}

/** What the provider answered; `send` resolves with ok:false rather than throwing for refusals and network errors. */
export interface SmsSendResult {
  ok: boolean;
  /** provider request id or message id */
  requestId: string;
  /** provider's raw answer, ≤ 2000 chars, for the admin log */
  response: string;
  error: string;
}

export const SMS_PROVIDER_NAMES = ['smsAliyun', 'smsTencent', 'smsBaidu', 'smsHuawei', 'smsHaomas'] as const;
/** Settings category names (moredoc-pro-facts §3.4), also the values of `sms.sms_provider`. */
export type SmsProviderName = (typeof SMS_PROVIDER_NAMES)[number];

/** One provider with its configuration bound. */
export interface ConfiguredSmsProvider {
  name: SmsProviderName;
  send(req: SmsSendRequest): Promise<SmsSendResult>;
}

/** Reads one settings value by `category.name`, e.g. `get('smsAliyun.sign_name')`; '' when unset. */
export type SmsSettingsGetter = (key: SettingKey) => string;
