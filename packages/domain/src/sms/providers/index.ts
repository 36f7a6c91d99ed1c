export { smsProviderFromSettings } from './sms-providers.ts';
export {
  type ConfiguredSmsProvider,
  SMS_PROVIDER_NAMES,
  type SmsProviderName,
  type SmsSendRequest,
  type SmsSendResult,
  type SmsSettingsGetter,
} from './types.ts';
