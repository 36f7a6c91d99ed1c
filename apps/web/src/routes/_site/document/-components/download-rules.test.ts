import type { PublicSettings } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import {
  type DownloadCase,
  downcodeBlocked,
  downloadButtons,
  downloadSettings,
  orderStep,
  PAY_WITH_CODE,
  PAY_WITH_CREDITS,
  quickDownloadMethods,
  vipDownloadStep,
} from './download-rules';

const base: DownloadCase = { signedIn: false, price: 0, isVipDocument: false, vipEnabled: true, guestDownload: true };

describe('the download buttons (moredoc-pro-facts §2.6)', () => {
  it('offers the guest download for a free ordinary document to a visitor when guest downloads are on', () => {
    expect(downloadButtons(base)).toEqual({ guest: true, vip: false, mainLabel: 'normal', priceTag: false });
  });

  it('has no guest download for members, paid documents, VIP documents or with guest downloads off', () => {
    expect(downloadButtons({ ...base, signedIn: true })).toEqual({
      guest: false,
      vip: false,
      mainLabel: 'sized',
      priceTag: true,
    });
    expect(downloadButtons({ ...base, price: 3 }).guest).toBe(false);
    expect(downloadButtons({ ...base, guestDownload: false })).toEqual({
      guest: false,
      vip: false,
      mainLabel: 'sized',
      priceTag: true,
    });
    expect(downloadButtons({ ...base, isVipDocument: true }).guest).toBe(false);
  });

  it('offers the VIP download for VIP documents while VIP is on, to visitors, members and VIP members alike', () => {
    for (const signedIn of [false, true]) {
      for (const price of [0, 5]) {
        expect(downloadButtons({ ...base, signedIn, price, isVipDocument: true })).toEqual({
          guest: false,
          vip: true,
          mainLabel: 'normal',
          priceTag: true,
        });
      }
    }
  });

  it('treats a VIP document as an ordinary one while VIP is off', () => {
    expect(downloadButtons({ ...base, isVipDocument: true, vipEnabled: false })).toEqual({
      guest: true,
      vip: false,
      mainLabel: 'normal',
      priceTag: false,
    });
    expect(downloadButtons({ ...base, signedIn: true, price: 2, isVipDocument: true, vipEnabled: false })).toEqual({
      guest: false,
      vip: false,
      mainLabel: 'sized',
      priceTag: true,
    });
  });

  it('sends members without VIP to /joinvip and lets VIP members download', () => {
    expect(vipDownloadStep(null)).toBe('joinvip');
    expect(vipDownloadStep({ is_vip: false })).toBe('joinvip');
    expect(vipDownloadStep({ is_vip: true })).toBe('download');
  });
});

describe('after the document order is created', () => {
  const on = { showOrder: true };
  const off = { showOrder: false };

  it('downloads at once when the document is free, owned or bought; says so only for a bought one', () => {
    expect(orderStep({ status: 2, order_no: '' }, { price: 0 }, on)).toEqual({ kind: 'download', notice: false });
    expect(orderStep({ status: 2, order_no: '' }, { price: 5 }, on)).toEqual({ kind: 'download', notice: false });
    expect(orderStep({ status: 2, order_no: 'D123' }, { price: 5 }, off)).toEqual({ kind: 'download', notice: true });
  });

  it('goes to the order page when it is shown, else opens the quick download drawer', () => {
    expect(orderStep({ status: 1, order_no: 'D1 2' }, { price: 5 }, on)).toEqual({
      kind: 'order',
      href: '/order?order_no=D1+2',
    });
    expect(orderStep({ status: 1, order_no: 'D12' }, { price: 5 }, off)).toEqual({ kind: 'drawer', orderNo: 'D12' });
  });

  it('reports anything else', () => {
    expect(orderStep({ status: 3, order_no: 'D12' }, { price: 5 }, on)).toEqual({ kind: 'unknown' });
    expect(orderStep({ status: 1, order_no: '' }, { price: 5 }, off)).toEqual({ kind: 'unknown' });
  });
});

describe('the quick download drawer (moredoc-pro-facts §4.5)', () => {
  it('offers a download code only when code downloads are on', () => {
    expect(quickDownloadMethods({ codeDownload: false })).toEqual([PAY_WITH_CREDITS]);
    expect(quickDownloadMethods({ codeDownload: true })).toEqual([PAY_WITH_CREDITS, PAY_WITH_CODE]);
  });

  it('reads max_price 0 as no cap and lets a code cover documents priced up to the cap', () => {
    expect(downcodeBlocked(1000, 0)).toBe(false);
    expect(downcodeBlocked(10, 10)).toBe(false);
    expect(downcodeBlocked(11, 10)).toBe(true);
  });

  it('reads the settings with the server defaults', () => {
    expect(downloadSettings(undefined)).toMatchObject({
      vipEnabled: false,
      showOrder: true,
      guestDownload: false,
      codeDownload: false,
      maxPrice: 0,
    });
    const s = {
      system: { credit_name: '金币' },
      display: { show_order: false },
      download: {
        enable_guest_download: true,
        enable_code_download: 'true',
        code_tip: ' <b>关注公众号</b> ',
        max_price: '20',
        free_download_duration: 7,
        times_every_day: '-1',
        times_every_ip: 'x',
      },
      vip: { enable: true },
    } as unknown as PublicSettings;
    expect(downloadSettings(s)).toEqual({
      vipEnabled: true,
      showOrder: false,
      guestDownload: true,
      codeDownload: true,
      codeTip: '<b>关注公众号</b>',
      maxPrice: 20,
      freeDays: 7,
      timesEveryDay: 0,
      timesEveryIp: 0,
      creditName: '金币',
    });
  });
});
