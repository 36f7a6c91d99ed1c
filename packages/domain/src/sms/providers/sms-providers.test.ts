import { describe, expect, it } from 'vitest';
import { smsProviderFromSettings } from './sms-providers.ts';
import { SMS_PROVIDER_NAMES } from './types.ts';

const empty = () => '';

describe('smsProviderFromSettings', () => {
  it.each(SMS_PROVIDER_NAMES)('%s is null when nothing is configured', (name) => {
    expect(smsProviderFromSettings(name, empty)).toBeNull();
  });

  it('is null when only the secret is missing', () => {
    const rows: Record<string, string> = {
      'smsTencent.secret_id': 'id',
      'smsTencent.sdk_app_id': '1400000000',
      'smsTencent.sign_name': '文库',
    };
    expect(smsProviderFromSettings('smsTencent', (k) => rows[k] ?? '')).toBeNull();
    rows['smsTencent.secret_key'] = 'key';
    expect(smsProviderFromSettings('smsTencent', (k) => rows[k] ?? '')?.name).toBe('smsTencent');
  });

  it('is null for a name that is not a provider (a stale sms_provider value)', () => {
    expect(smsProviderFromSettings('smsNope' as never, () => 'x')).toBeNull();
  });
});
