import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { beijingTime, centsToYuan, parsePrivateKey, parsePublicKey, truncateUtf8, yuanToCents } from './format.ts';
import { PaymentProviderError } from './types.ts';

describe('payment amounts', () => {
  it('converts cents to yuan with two decimals and back without float error', () => {
    expect(centsToYuan(1)).toBe('0.01');
    expect(centsToYuan(1990)).toBe('19.90');
    expect(centsToYuan(100000)).toBe('1000.00');
    expect(yuanToCents('0.29')).toBe(29);
    expect(yuanToCents('19.9')).toBe(1990);
    expect(yuanToCents('7')).toBe(700);
  });

  it('refuses anything but a plain decimal', () => {
    for (const bad of ['', '1.234', '-1', '1e3', 'abc', '1,00']) {
      expect(() => yuanToCents(bad), bad).toThrow(PaymentProviderError);
    }
    expect(() => centsToYuan(1.5)).toThrow(PaymentProviderError);
  });
});

describe('payment text and time', () => {
  it('cuts UTF-8 at a character boundary', () => {
    expect(truncateUtf8('ab文字', 4)).toBe('ab');
    expect(truncateUtf8('ab文字', 5)).toBe('ab文');
  });

  it('formats Beijing time whatever the server zone', () => {
    const d = new Date('2024-05-20T05:29:35Z');
    expect(beijingTime(d, 'rfc3339')).toBe('2024-05-20T13:29:35+08:00');
    expect(beijingTime(d, 'plain')).toBe('2024-05-20 13:29:35');
  });
});

describe('payment keys', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s+/g, '');

  it('reads PEM and bare base64 in PKCS#1, PKCS#8 and SPKI', () => {
    for (const type of ['pkcs1', 'pkcs8'] as const) {
      const pem = privateKey.export({ type, format: 'pem' }) as string;
      expect(parsePrivateKey(pem)?.asymmetricKeyType).toBe('rsa');
      expect(parsePrivateKey(bare(pem))?.asymmetricKeyType).toBe('rsa');
    }
    for (const type of ['pkcs1', 'spki'] as const) {
      const pem = publicKey.export({ type, format: 'pem' }) as string;
      expect(parsePublicKey(pem)?.asymmetricKeyType).toBe('rsa');
      expect(parsePublicKey(bare(pem))?.asymmetricKeyType).toBe('rsa');
    }
    expect(parsePrivateKey('not a key')).toBeNull();
    expect(parsePublicKey('')).toBeNull();
  });
});
