import { describe, expect, it } from 'vitest';
import { aliyunCanonicalQuery, aliyunConfigFromSettings, aliyunSignature } from './aliyun.provider.ts';
import { startAliyunSmsStandIn } from './testing/aliyun.stand-in.ts';
import { describeSmsProviderContract } from './testing/provider-contract.ts';

describe('Aliyun signature 1.0', () => {
  // The worked example of Aliyun's SMS signature page (testId / testSecret).
  const example = {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  };

  it('encodes spaces as %20, * as %2A and keeps ~', () => {
    expect(aliyunCanonicalQuery({ b: 'a b*c~', a: '中' })).toBe('a=%E4%B8%AD&b=a%20b%2Ac~');
  });

  it('matches the documented example signature', () => {
    expect(aliyunSignature(example, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('needs key, secret and sign name', () => {
    const rows: Record<string, string> = {
      'smsAliyun.access_key_id': 'id',
      'smsAliyun.access_key_secret': 'secret',
      'smsAliyun.sign_name': '',
    };
    expect(aliyunConfigFromSettings((k) => rows[k] ?? '')).toBeNull();
    rows['smsAliyun.sign_name'] = '文库';
    expect(aliyunConfigFromSettings((k) => rows[k] ?? '')?.endpoint).toBe('https://dysmsapi.aliyuncs.com');
  });
});

describeSmsProviderContract({
  name: 'smsAliyun',
  start: startAliyunSmsStandIn,
  secretKey: 'smsAliyun.access_key_secret',
  unknownKey: { 'smsAliyun.access_key_id': 'unknown-key' },
  badSignatureCode: 'SignatureDoesNotMatch',
  unknownKeyCode: 'InvalidAccessKeyId.NotFound',
  staleCode: 'InvalidTimeStamp.Expired',
  staleOffsetMs: 20 * 60_000,
  failure: { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发小时级流控Permits:5' },
});
