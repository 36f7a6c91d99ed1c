import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { huaweiConfigFromSettings, huaweiWsseHeader } from './huawei.provider.ts';
import { startHuaweiSmsStandIn } from './testing/huawei.stand-in.ts';
import { describeSmsProviderContract } from './testing/provider-contract.ts';

describe('Huawei X-WSSE', () => {
  it('PasswordDigest is the base64 of the hex SHA-256 of nonce + created + secret', () => {
    const hex = createHash('sha256').update('abc2024-01-01T00:00:00Zsecret').digest('hex');
    expect(huaweiWsseHeader('key', 'secret', 'abc', '2024-01-01T00:00:00Z')).toBe(
      `UsernameToken Username="key",PasswordDigest="${Buffer.from(hex).toString('base64')}",Nonce="abc",Created="2024-01-01T00:00:00Z"`,
    );
  });

  it('needs app key, secret and sender channel', () => {
    const rows: Record<string, string> = { 'smsHuawei.app_key': 'k', 'smsHuawei.app_secret': 's' };
    expect(huaweiConfigFromSettings((k) => rows[k] ?? '')).toBeNull();
    rows['smsHuawei.sender'] = '8820000000001';
    expect(huaweiConfigFromSettings((k) => rows[k] ?? '')?.endpoint).toBe(
      'https://smsapi.cn-north-4.myhuaweicloud.com:443',
    );
  });
});

describeSmsProviderContract({
  name: 'smsHuawei',
  start: startHuaweiSmsStandIn,
  secretKey: 'smsHuawei.app_secret',
  unknownKey: { 'smsHuawei.app_key': 'unknown-key' },
  badSignatureCode: 'E000004',
  unknownKeyCode: 'E000020',
  staleCode: 'E000027',
  staleOffsetMs: 25 * 3600_000,
  failure: { code: 'E000510', message: 'The SMS fails to be sent. For details, see status.' },
});
