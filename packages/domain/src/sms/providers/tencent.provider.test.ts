import { describe, expect, it } from 'vitest';
import { tencentAuthorization, tencentConfigFromSettings } from './tencent.provider.ts';
import { describeSmsProviderContract } from './testing/provider-contract.ts';
import { startTencentSmsStandIn } from './testing/tencent.stand-in.ts';

describe('Tencent TC3-HMAC-SHA256', () => {
  it('names the credential scope by UTC date and service sms, and signs content-type, host and x-tc-action', () => {
    const auth = tencentAuthorization(
      { secretId: 'AKIDEXAMPLE', secretKey: 'KEY' },
      { host: 'sms.tencentcloudapi.com', action: 'SendSms', payload: '{}', timestamp: 1551113065 },
    );
    expect(auth).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDEXAMPLE\/2019-02-25\/sms\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/,
    );
  });

  it('needs SecretId, SecretKey, SdkAppId and sign name; region and endpoint have defaults', () => {
    const rows: Record<string, string> = {
      'smsTencent.secret_id': 'id',
      'smsTencent.secret_key': 'key',
      'smsTencent.sdk_app_id': '1400000000',
      'smsTencent.sign_name': '',
    };
    expect(tencentConfigFromSettings((k) => rows[k] ?? '')).toBeNull();
    rows['smsTencent.sign_name'] = '文库';
    expect(tencentConfigFromSettings((k) => rows[k] ?? '')).toMatchObject({
      region: 'ap-guangzhou',
      endpoint: 'https://sms.tencentcloudapi.com',
    });
  });
});

describeSmsProviderContract({
  name: 'smsTencent',
  start: startTencentSmsStandIn,
  secretKey: 'smsTencent.secret_key',
  unknownKey: { 'smsTencent.secret_id': 'unknown-key' },
  badSignatureCode: 'AuthFailure.SignatureFailure',
  unknownKeyCode: 'AuthFailure.SecretIdNotFound',
  staleCode: 'AuthFailure.SignatureExpire',
  staleOffsetMs: 10 * 60_000,
  failure: { code: 'LimitExceeded.PhoneNumberDailyLimit', message: '单个手机号日下发短信条数超过设定的上限' },
});
