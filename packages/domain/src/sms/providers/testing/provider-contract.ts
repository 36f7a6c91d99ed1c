// The behaviour every SMS adapter shares, run by each provider's test file against its stand-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsProviderFromSettings } from '../sms-providers.ts';
import type { SmsProviderName } from '../types.ts';
import type { SmsStandIn, SmsStandInOptions } from './stand-in-common.ts';

export interface ContractCase {
  name: SmsProviderName;
  start(opts?: SmsStandInOptions): Promise<SmsStandIn>;
  /** The settings key of the secret, e.g. `smsAliyun.access_key_secret`. */
  secretKey: string;
  /** Settings overrides that name a key the provider does not know. */
  unknownKey: Record<string, string>;
  /** The error code the provider gives for a bad signature / unknown key / stale timestamp. */
  badSignatureCode: string;
  unknownKeyCode: string;
  staleCode: string;
  /** How far to shift the stand-in's clock so the adapter's timestamp is stale. */
  staleOffsetMs: number;
  /** A provider-side business failure code to inject. */
  failure: { code: string; message: string };
}

let seq = 0;
const nextMobile = () => `1380013${String(8000 + (++seq % 1000)).padStart(4, '0')}`;

export function describeSmsProviderContract(c: ContractCase): void {
  describe(`${c.name} against its stand-in`, () => {
    let gw: SmsStandIn;
    beforeAll(async () => {
      gw = await c.start();
    });
    afterAll(async () => {
      await gw?.close();
    });

    const provider = (overrides?: Record<string, string>) => {
      const p = smsProviderFromSettings(c.name, gw.settings(overrides));
      expect(p).not.toBeNull();
      return p!;
    };

    it('delivers the code: the stand-in verifies the signature and records mobile, code and template', async () => {
      const mobile = nextMobile();
      const result = await provider().send({ mobile, code: '482913', templateId: 'TPL_LOGIN' });
      expect(result.error).toBe('');
      expect(result.ok).toBe(true);
      expect(result.requestId).not.toBe('');
      expect(result.response.length).toBeGreaterThan(0);
      expect(result.response.length).toBeLessThanOrEqual(2000);
      expect(gw.lastCode(mobile)).toBe('482913');
      expect(gw.delivered.at(-1)).toMatchObject({ mobile, code: '482913', template: 'TPL_LOGIN' });
    });

    it('a wrong secret is refused by the stand-in and comes back as ok:false with the provider error', async () => {
      const mobile = nextMobile();
      const result = await provider({ [c.secretKey]: 'not-the-secret' }).send({
        mobile,
        code: '111111',
        templateId: 'TPL_REGISTER',
      });
      expect(result.ok).toBe(false);
      expect(result.error).toContain(c.badSignatureCode);
      expect(result.response).toContain(c.badSignatureCode);
      expect(gw.lastCode(mobile)).toBeUndefined();
    });

    it('an unknown key is refused', async () => {
      const result = await provider(c.unknownKey).send({
        mobile: nextMobile(),
        code: '222222',
        templateId: 'TPL_REGISTER',
      });
      expect(result.ok).toBe(false);
      expect(result.error).toContain(c.unknownKeyCode);
    });

    it('a stale timestamp is refused', async () => {
      const stale = await c.start({ clockOffsetMs: c.staleOffsetMs });
      try {
        const mobile = nextMobile();
        const p = smsProviderFromSettings(c.name, stale.settings());
        const result = await p!.send({ mobile, code: '333333', templateId: 'TPL_LOGIN' });
        expect(result.ok).toBe(false);
        expect(result.error).toContain(c.staleCode);
        expect(stale.delivered).toHaveLength(0);
      } finally {
        await stale.close();
      }
    });

    it('a provider-side failure code surfaces as ok:false with that code', async () => {
      gw.failWith(c.failure);
      try {
        const mobile = nextMobile();
        const result = await provider().send({ mobile, code: '444444', templateId: 'TPL_FIND_PASSWORD' });
        expect(result.ok).toBe(false);
        expect(result.error).toContain(c.failure.code);
        expect(gw.lastCode(mobile)).toBeUndefined();
      } finally {
        gw.failWith(null);
      }
    });

    it('an unreachable endpoint is ok:false, not a throw', async () => {
      const closed = await c.start();
      const get = closed.settings();
      await closed.close();
      const result = await smsProviderFromSettings(c.name, get)!.send({
        mobile: nextMobile(),
        code: '555555',
        templateId: 'TPL_LOGIN',
      });
      expect(result.ok).toBe(false);
      expect(result.error).not.toBe('');
    });

    it('refuses a malformed request as a programming error', async () => {
      await expect(provider().send({ mobile: nextMobile(), code: '', templateId: 'TPL_LOGIN' })).rejects.toThrow();
    });
  });
}
