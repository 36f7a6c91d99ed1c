import { VipCardKind } from '@wenku/shared';

/** The VIP kinds of moredoc-pro-facts §5.1 in their order: 0 年卡VIP, 1 季卡VIP, 2 月卡VIP. */
export const VIP_KINDS = [VipCardKind.Yearly, VipCardKind.Quarterly, VipCardKind.Monthly] as const;

/** Tag colours of the kinds: year success (green), quarter primary (blue), month warning (orange). */
export const VIP_KIND_TONE: Record<number, 'success' | 'default' | 'warning'> = {
  [VipCardKind.Yearly]: 'success',
  [VipCardKind.Quarterly]: 'default',
  [VipCardKind.Monthly]: 'warning',
};

export const vipKindKey = (kind: number) => `admin.vip.kind.${kind}`;

/**
 * A VIP discount as shown to people (fixes moredoc-pro-facts §12.6, which listed the raw integer): the percent paid,
 * 1–99, as tenths of the price (`70` → `7.0`, read 7.0 折) and as the percent; 100, 0 or anything else is no discount.
 */
export function vipDiscount(discount: number): { tenths: string; percent: number } | null {
  if (!Number.isInteger(discount) || discount < 1 || discount >= 100) return null;
  return { tenths: (discount / 10).toFixed(1), percent: discount };
}

/** A VIP quota (exclusive downloads in total, downloads per day): 0 means no limit (`不限`). */
export const isUnlimited = (quota: number) => !(quota > 0);

/** Whether a VIP record has run out at `now` (ms). */
export const vipExpired = (expiredAt: string, now: number) => {
  const end = Date.parse(expiredAt);
  return Number.isFinite(end) && end <= now;
};
