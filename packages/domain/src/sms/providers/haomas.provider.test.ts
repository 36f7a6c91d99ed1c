import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { haomasConfigFromSettings, haomasSignature, parseParamTemplate, valueAtPath } from './haomas.provider.ts';
import { smsProviderFromSettings } from './sms-providers.ts';
import { startHaomasSmsStandIn } from './testing/haomas.stand-in.ts';
import { describeSmsProviderContract } from './testing/provider-contract.ts';

describe('Haomas generic gateway', () => {
  it('parses name=value lines, skipping blanks and comments, splitting at the first =', () => {
    expect(parseParamTemplate('a=1\n\n# note\nb = x=y \n=bad')).toEqual([
      ['a', '1'],
      ['b', 'x=y'],
    ]);
  });

  it('signs sorted non-empty parameters except the signature parameter', () => {
    const params = { b: '2', a: '1', empty: '', sign: 'old' };
    const cfg = { signParam: 'sign', secret: 'S' };
    expect(haomasSignature(params, { ...cfg, signType: 'md5' })).toBe(
      createHash('md5').update('a=1&b=2S').digest('hex'),
    );
    expect(haomasSignature(params, { ...cfg, signType: 'hmac-sha256' })).toBe(
      createHmac('sha256', 'S').update('a=1&b=2').digest('hex'),
    );
  });

  it('reads JSON dot paths with array indexes', () => {
    expect(valueAtPath({ data: [{ status: 0 }] }, 'data.0.status')).toBe(0);
    expect(valueAtPath({ data: null }, 'data.x')).toBeUndefined();
  });

  it('needs a URL and parameters, and a secret when it signs', () => {
    const rows: Record<string, string> = {
      'smsHaomas.url': 'https://gw.example/send',
      'smsHaomas.params': 'm={mobile}',
    };
    expect(haomasConfigFromSettings((k) => rows[k] ?? '')).not.toBeNull();
    rows['smsHaomas.sign_type'] = 'md5';
    expect(haomasConfigFromSettings((k) => rows[k] ?? '')).toBeNull();
    rows['smsHaomas.url'] = 'gw.example/send';
    rows['smsHaomas.secret'] = 's';
    expect(haomasConfigFromSettings((k) => rows[k] ?? '')).toBeNull();
  });

  for (const variant of [
    { signType: 'hmac-sha256', method: 'GET' },
    { signType: 'md5', method: 'POST', contentType: 'json' },
    { signType: 'none', method: 'POST' },
  ] as const) {
    it(`delivers with ${variant.signType} over ${variant.method}${'contentType' in variant ? ' JSON' : ''}`, async () => {
      const gw = await startHaomasSmsStandIn(variant);
      try {
        const result = await smsProviderFromSettings('smsHaomas', gw.settings())!.send({
          mobile: '13900139000',
          code: '654321',
          templateId: 'TPL_REGISTER',
        });
        expect(result).toMatchObject({ ok: true, error: '' });
        expect(gw.delivered).toEqual([
          { mobile: '13900139000', code: '654321', template: 'TPL_REGISTER', sign: 'haomas-test-app' },
        ]);
      } finally {
        await gw.close();
      }
    });
  }

  it('a substring success check decides ok', async () => {
    const gw = await startHaomasSmsStandIn();
    try {
      const send = (contains: string) =>
        smsProviderFromSettings(
          'smsHaomas',
          gw.settings({ 'smsHaomas.success_path': '', 'smsHaomas.success_contains': contains }),
        )!.send({ mobile: '13900139001', code: '123456', templateId: 'T' });
      expect((await send('"msg":"ok"')).ok).toBe(true);
      expect((await send('SUCCESS')).ok).toBe(false);
    } finally {
      await gw.close();
    }
  });
});

describeSmsProviderContract({
  name: 'smsHaomas',
  start: startHaomasSmsStandIn,
  secretKey: 'smsHaomas.secret',
  unknownKey: {
    'smsHaomas.params': 'appid=someone-else\nmobile={mobile}\ncode={code}\ntpl={template}\ntimestamp={timestamp}',
  },
  badSignatureCode: '40003',
  unknownKeyCode: '40001',
  staleCode: '40002',
  staleOffsetMs: 10 * 60_000,
  failure: { code: '50001', message: '余额不足' },
});
