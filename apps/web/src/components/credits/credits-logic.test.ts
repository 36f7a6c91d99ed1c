import { OrderType, PaymentMethod } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { countdownParts, countdownText } from './countdown';
import { orderMoney, purchaseExpiry } from './order-money';
import { orderNoFromSearch } from './order-no';
import { defaultPayMethod, type PayContext, payMethods } from './pay-methods';
import { canOrderRecharge, customRechargeOption, rechargeCreditName, rechargePresets } from './recharge';

const ZH = { days: '天', hours: '小时', minutes: '分', seconds: '秒' } as const;
const zh = (u: keyof typeof ZH, n: number) => `${n}${ZH[u]}`;

describe('order countdown', () => {
  it('splits the time left into whole units', () => {
    expect(countdownParts((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it('is over at zero and below', () => {
    expect(countdownParts(999)).toBeNull();
    expect(countdownParts(0)).toBeNull();
    expect(countdownParts(-5000)).toBeNull();
    expect(countdownParts(Number.NaN)).toBeNull();
  });

  it('leaves out days and hours while they are 0, never minutes and seconds', () => {
    const text = (ms: number) => countdownText(countdownParts(ms) ?? { days: 0, hours: 0, minutes: 0, seconds: 0 }, zh);
    expect(text(5000)).toBe('0分5秒');
    expect(text(60_000)).toBe('1分0秒');
    expect(text((3600 + 61) * 1000)).toBe('1小时1分1秒');
    expect(text((86_400 + 7) * 1000)).toBe('1天0小时0分7秒');
  });

  it('trims the spacing of languages whose units carry it', () => {
    const en = (u: keyof typeof ZH, n: number) => `${n}${u[0]} `;
    expect(countdownText({ days: 0, hours: 2, minutes: 0, seconds: 9 }, en)).toBe('2h 0m 9s');
  });
});

const base: PayContext = {
  orderType: OrderType.BuyDocument,
  amount: 10,
  balance: 100,
  wechatpay: false,
  alipay: false,
  xunhupay: false,
  codeDownload: false,
  maxPrice: 0,
  vipCreditPay: false,
};
const names = (c: PayContext) => payMethods(c).map((m) => `${m.name}${m.disabled ? '(off)' : ''}`);

describe('pay methods', () => {
  it('offers points for documents, for VIP only with enable_credit_pay, never for recharges', () => {
    expect(names(base)).toEqual(['points']);
    expect(names({ ...base, orderType: OrderType.BuyVip })).toEqual([]);
    expect(names({ ...base, orderType: OrderType.BuyVip, vipCreditPay: true })).toEqual(['points']);
    expect(names({ ...base, orderType: OrderType.Recharge, vipCreditPay: true })).toEqual([]);
  });

  it('disables points when the balance is short', () => {
    expect(names({ ...base, amount: 101 })).toEqual(['points(off)']);
    expect(names({ ...base, amount: 100 })).toEqual(['points']);
  });

  it('shows online methods as enabled, in display order', () => {
    const all = { ...base, wechatpay: true, alipay: true, xunhupay: true, codeDownload: true };
    expect(names(all)).toEqual(['points', 'wechatpay', 'alipay', 'xunhupay', 'downcode']);
    expect(names({ ...all, orderType: OrderType.Recharge })).toEqual(['wechatpay', 'alipay', 'xunhupay']);
  });

  it('offers a download code only for documents, disabled above a set max_price', () => {
    const code = { ...base, codeDownload: true };
    expect(names({ ...code, orderType: OrderType.BuyVip })).toEqual([]);
    expect(names({ ...code, maxPrice: 5 })).toEqual(['points', 'downcode(off)']);
    expect(names({ ...code, maxPrice: 10 })).toEqual(['points', 'downcode']);
    expect(names({ ...code, maxPrice: 0, amount: 1_000 })).toEqual(['points(off)', 'downcode']);
  });

  it('disables every method when the order costs nothing', () => {
    expect(names({ ...base, amount: 0, wechatpay: true, codeDownload: true })).toEqual([
      'points(off)',
      'wechatpay(off)',
      'downcode(off)',
    ]);
  });

  it('selects the order’s own usable method, else points, else the first usable, else the first shown', () => {
    const all = { ...base, wechatpay: true, alipay: true, codeDownload: true };
    expect(defaultPayMethod(payMethods(all), PaymentMethod.Alipay)).toBe(PaymentMethod.Alipay);
    expect(defaultPayMethod(payMethods(all), 0)).toBe(PaymentMethod.Points);
    expect(defaultPayMethod(payMethods({ ...all, amount: 500 }), 0)).toBe(PaymentMethod.Wechat);
    expect(defaultPayMethod(payMethods({ ...all, orderType: OrderType.Recharge }), PaymentMethod.Points)).toBe(
      PaymentMethod.Wechat,
    );
    expect(defaultPayMethod(payMethods({ ...base, amount: 500 }), 0)).toBe(PaymentMethod.Points);
    expect(defaultPayMethod(payMethods({ ...base, orderType: OrderType.Recharge }), 0)).toBeNull();
  });
});

describe('order money', () => {
  const doc = { order_type: OrderType.BuyDocument, price: 20, amount: 14, coupon_amount: 6, money: 1.4 };

  it('shows a recharge in yuan, the paid figure being the order’s money', () => {
    const m = orderMoney(
      { order_type: OrderType.Recharge, price: 1000, amount: 900, coupon_amount: 100, money: 9 },
      { creditExchange: 100, showExchange: false },
    );
    expect(m.unit).toEqual({ credits: null, yuan: '10.00' });
    expect(m.paid).toEqual({ credits: null, yuan: '9.00' });
    expect(m.struck).toEqual({ credits: null, yuan: '10.00' });
  });

  it('shows other orders in credits, with yuan only when show_exchange', () => {
    expect(orderMoney(doc, { creditExchange: 10, showExchange: false })).toEqual({
      unit: { credits: 20, yuan: null },
      paid: { credits: 14, yuan: null },
      struck: { credits: 20, yuan: null },
    });
    expect(orderMoney(doc, { creditExchange: 10, showExchange: true })).toEqual({
      unit: { credits: 20, yuan: '2.00' },
      paid: { credits: 14, yuan: '1.40' },
      struck: { credits: 20, yuan: '2.00' },
    });
  });

  it('strikes nothing without a discount and never divides by a missing exchange rate', () => {
    const m = orderMoney({ ...doc, coupon_amount: 0, money: 0 }, { creditExchange: 0, showExchange: true });
    expect(m.struck).toBeNull();
    expect(m.unit.yuan).toBe('--');
    expect(m.paid.yuan).toBe('--');
  });

  it('dates the free re-download period from the payment', () => {
    expect(purchaseExpiry('2025-01-01T00:00:00.000Z', 7)?.toISOString()).toBe('2025-01-08T00:00:00.000Z');
    expect(purchaseExpiry('2025-01-01T00:00:00.000Z', 0)).toBeNull();
    expect(purchaseExpiry(null, 7)).toBeNull();
  });
});

describe('recharge widget', () => {
  const settings = {
    enable: true,
    recharge_discount: '100:1\n500:0.9\n1000:0.8',
    credit_name: '',
    credit_exchange: 100,
  };

  it('prices one preset per tier, struck and discounted', () => {
    const { presets } = rechargePresets(settings);
    expect(presets).toEqual([
      { amount: 100, discount: 1, original: '1.00', price: '1.00' },
      { amount: 500, discount: 0.9, original: '5.00', price: '4.50' },
      { amount: 1000, discount: 0.8, original: '10.00', price: '8.00' },
    ]);
  });

  it('gives no presets for malformed tiers; the custom amount still prices', () => {
    const { tiers, presets } = rechargePresets({ ...settings, recharge_discount: '100:1\nabc' });
    expect(presets).toEqual([]);
    expect(customRechargeOption(300, tiers, 100)).toMatchObject({ discount: 1, price: '3.00' });
  });

  it('gives the custom amount the best tier it reaches', () => {
    const { tiers } = rechargePresets(settings);
    expect(customRechargeOption(700, tiers, 100)).toMatchObject({ discount: 0.9, original: '7.00', price: '6.30' });
    expect(customRechargeOption(50, tiers, 100)).toMatchObject({ discount: 1, price: '0.50' });
  });

  it('prices nothing and orders nothing without an exchange rate', () => {
    const { tiers, presets } = rechargePresets({ ...settings, credit_exchange: 0 });
    expect(presets[0]).toMatchObject({ original: '--', price: '--' });
    expect(canOrderRecharge(100, 0, tiers)).toBe(false);
  });

  it('orders whole positive amounts worth at least a cent', () => {
    expect(canOrderRecharge(100, 100, [])).toBe(true);
    expect(canOrderRecharge(0, 100, [])).toBe(false);
    expect(canOrderRecharge(1.5, 100, [])).toBe(false);
    expect(canOrderRecharge(0.4, 100, [])).toBe(false);
  });

  it('labels credits 积分 unless the setting names them', () => {
    expect(rechargeCreditName({ credit_name: '' })).toBe('积分');
    expect(rechargeCreditName({ credit_name: '魔豆' })).toBe('魔豆');
  });
});

describe('order number in the URL', () => {
  it('keeps every digit of a bare number, as payment providers link back', () => {
    expect(orderNoFromSearch('?order_no=2026112111510854785376')).toBe('2026112111510854785376');
  });

  it('reads the JSON-quoted form the router writes', () => {
    expect(orderNoFromSearch('?order_no=%222026112111510854785376%22&x=1')).toBe('2026112111510854785376');
  });

  it('is empty when missing or malformed', () => {
    expect(orderNoFromSearch('')).toBe('');
    expect(orderNoFromSearch('?order_no=%22abc')).toBe('"abc');
    expect(orderNoFromSearch('?order_no=%22%5C%22')).toBe('');
  });
});
