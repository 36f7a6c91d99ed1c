import { describe, expect, it } from 'vitest';
import { paymentCallbackUrl } from './pay-callback';

describe('the payment callback address', () => {
  it('uses the configured site domain, without a trailing slash', () => {
    expect(paymentCallbackUrl('https://wenku.example.com/', 'http://localhost:5173', 'wechatpay')).toBe(
      'https://wenku.example.com/callback/wechatpay',
    );
    expect(paymentCallbackUrl(' https://a.example ', 'http://x', 'alipay')).toBe('https://a.example/callback/alipay');
  });

  it("falls back to the page's origin while no domain is set", () => {
    expect(paymentCallbackUrl('', 'http://localhost:8913', 'xunhupay')).toBe('http://localhost:8913/callback/xunhupay');
  });
});
