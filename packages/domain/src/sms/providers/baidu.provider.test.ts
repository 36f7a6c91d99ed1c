import { describe, expect, it } from 'vitest';
import { baiduConfigFromSettings, bceAuthorization } from './baidu.provider.ts';
import { startBaiduSmsStandIn } from './testing/baidu.stand-in.ts';
import { describeSmsProviderContract } from './testing/provider-contract.ts';

describe('Baidu bce-auth-v1', () => {
  it('lists the signed headers sorted and lower-case after the prefix', () => {
    const auth = bceAuthorization(
      { accessKeyId: 'ak', secretAccessKey: 'sk' },
      {
        method: 'POST',
        path: '/api/v3/sendSms',
        headers: { 'X-Bce-Date': '2024-01-01T00:00:00Z', Host: 'smsv3.bj.baidubce.com' },
        timestamp: '2024-01-01T00:00:00Z',
      },
    );
    expect(auth).toMatch(/^bce-auth-v1\/ak\/2024-01-01T00:00:00Z\/1800\/host;x-bce-date\/[0-9a-f]{64}$/);
  });

  it('needs key pair and signature id', () => {
    const rows: Record<string, string> = { 'smsBaidu.access_key_id': 'ak', 'smsBaidu.secret_access_key': 'sk' };
    expect(baiduConfigFromSettings((k) => rows[k] ?? '')).toBeNull();
    rows['smsBaidu.signature_id'] = 'sms-sign-1';
    expect(baiduConfigFromSettings((k) => rows[k] ?? '')?.endpoint).toBe('https://smsv3.bj.baidubce.com');
  });
});

describeSmsProviderContract({
  name: 'smsBaidu',
  start: startBaiduSmsStandIn,
  secretKey: 'smsBaidu.secret_access_key',
  unknownKey: { 'smsBaidu.access_key_id': 'unknown-key' },
  badSignatureCode: '6002',
  unknownKeyCode: '6002',
  staleCode: '6002',
  staleOffsetMs: 40 * 60_000,
  failure: { code: '6008', message: '手机号发送频率过快' },
});
