import type { PublicSettings } from '@wenku/shared';
import { creditName, settingBool, settingText } from '@/components/layout/site-settings';

/** Payment methods of the quick download drawer (moredoc-pro-facts §4.1, §4.5). */
export const PAY_WITH_CREDITS = 5;
export const PAY_WITH_CODE = 9;

const count = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/** The settings the download buttons and the quick download drawer read, with the server's defaults. */
export function downloadSettings(s: PublicSettings | undefined) {
  return {
    vipEnabled: settingBool(s, 'vip', 'enable'),
    // display.show_order defaults to on: an unset value keeps the order page.
    showOrder: s?.display?.show_order === undefined ? true : settingBool(s, 'display', 'show_order'),
    guestDownload: settingBool(s, 'download', 'enable_guest_download'),
    codeDownload: settingBool(s, 'download', 'enable_code_download'),
    codeTip: settingText(s, 'download', 'code_tip'),
    maxPrice: count(settingText(s, 'download', 'max_price')),
    freeDays: count(settingText(s, 'download', 'free_download_duration')),
    timesEveryDay: count(settingText(s, 'download', 'times_every_day')),
    timesEveryIp: count(settingText(s, 'download', 'times_every_ip')),
    creditName: creditName(s),
  };
}
export type DownloadSettings = ReturnType<typeof downloadSettings>;

export interface DownloadCase {
  signedIn: boolean;
  price: number;
  /** The document's flag; it counts only while VIP is on. */
  isVipDocument: boolean;
  vipEnabled: boolean;
  guestDownload: boolean;
}

/** Which download buttons a document shows (moredoc-pro-facts §2.6). */
export interface DownloadButtons {
  /** 游客下载: a free, non-VIP document, nobody signed in, guest downloads on. */
  guest: boolean;
  /** VIP下载: a VIP document while VIP is on. */
  vip: boolean;
  /** The main button reads 普通下载 beside one of those, else 下载文档({size}). */
  mainLabel: 'normal' | 'sized';
  /** The bottom bar's `{price} {credit_name}`, shown except in the guest case. */
  priceTag: boolean;
}

/**
 * moredoc-pro-facts §2.6. Pro reads `is_vip` alone for the guest button; here a VIP flag left on a document while VIP
 * is off makes it an ordinary document, as the server treats it.
 */
export function downloadButtons(c: DownloadCase): DownloadButtons {
  const vip = c.isVipDocument && c.vipEnabled;
  const guest = !vip && !c.signedIn && !(c.price > 0) && c.guestDownload;
  return { guest, vip, mainLabel: guest || vip ? 'normal' : 'sized', priceTag: !guest };
}

/** VIP下载: a member without VIP (or a visitor) goes to /joinvip, a VIP member downloads with the VIP quota. */
export function vipDownloadStep(user: { is_vip: boolean } | null): 'joinvip' | 'download' {
  return user?.is_vip ? 'download' : 'joinvip';
}

/** What follows `order.create {order_type: 1}` of the main download button (moredoc-pro-facts §2.6, §0.2). */
export type OrderStep =
  /** Owned, bought or free: download now; `notice` says 您已购买过该文档，正在为您下载 first. */
  | { kind: 'download'; notice: boolean }
  /** A pending order with the order page on: pay there. */
  | { kind: 'order'; href: string }
  /** A pending order with the order page off: the quick download drawer pays it. */
  | { kind: 'drawer'; orderNo: string }
  /** Any other answer: show the server's message. */
  | { kind: 'unknown' };

export function orderStep(
  res: { status: number; order_no: string },
  doc: { price: number },
  settings: { showOrder: boolean },
): OrderStep {
  if (res.status === 2) {
    // A free document (or the owner's own) answers without an order number: nothing was bought, nothing to say.
    return { kind: 'download', notice: doc.price > 0 && res.order_no !== '' };
  }
  if (res.status === 1 && res.order_no) {
    return settings.showOrder
      ? { kind: 'order', href: `/order?${new URLSearchParams({ order_no: res.order_no }).toString()}` }
      : { kind: 'drawer', orderNo: res.order_no };
  }
  return { kind: 'unknown' };
}

/** The drawer's payment methods: credits always, a download code when code downloads are on. */
export function quickDownloadMethods(settings: { codeDownload: boolean }): number[] {
  return settings.codeDownload ? [PAY_WITH_CREDITS, PAY_WITH_CODE] : [PAY_WITH_CREDITS];
}

/**
 * A download code covers documents up to download.max_price; 0 means no cap, as on the order page and the server
 * (moredoc-pro-facts §12.13, where Pro's drawer read 0 as "nothing above 0").
 */
export function downcodeBlocked(amount: number, maxPrice: number): boolean {
  return maxPrice > 0 && amount > maxPrice;
}
