import {
  DEFAULT_RECHARGE_CREDIT_LABEL,
  type DiscountTier,
  discountFor,
  formatPrice,
  parseDiscountTiers,
  rechargeCents,
  rechargePrice,
} from '@wenku/shared';

/** GET /settings/recharge (moredoc-pro-facts §6). */
export interface RechargeSettings {
  enable: boolean;
  recharge_discount: string;
  credit_name: string;
  credit_exchange: number;
}

/** One amount of credits on offer with its prices as display text (`--` when it cannot be priced). */
export interface RechargeOption {
  amount: number;
  discount: number;
  /** amount ÷ credit_exchange, before the discount. */
  original: string;
  /** What it costs. */
  price: string;
}

export function rechargeOption(amount: number, discount: number, creditExchange: number): RechargeOption {
  return {
    amount,
    discount,
    original: formatPrice(rechargePrice(amount, creditExchange)),
    price: formatPrice(rechargePrice(amount, creditExchange, discount)),
  };
}

/** The preset boxes: one per discount tier (malformed tier text yields none, spec §5). */
export function rechargePresets(s: RechargeSettings): { tiers: DiscountTier[]; presets: RechargeOption[] } {
  const tiers = parseDiscountTiers(s.recharge_discount);
  return { tiers, presets: tiers.map((t) => rechargeOption(t.amount, t.discount, s.credit_exchange)) };
}

/** The custom amount's box: its discount is the best tier it reaches (spec §5). */
export function customRechargeOption(amount: number, tiers: readonly DiscountTier[], creditExchange: number) {
  const valid = Number.isFinite(amount) && amount >= 0;
  return rechargeOption(valid ? amount : 0, valid ? discountFor(amount, tiers) : 1, creditExchange);
}

/**
 * Whether `quantity` credits can be ordered: a whole positive number that prices to at least one cent at a usable
 * exchange rate (the server refuses anything else; checking first spares a failed order).
 */
export function canOrderRecharge(quantity: number, creditExchange: number, tiers: readonly DiscountTier[]): boolean {
  const cents = rechargeCents(quantity, creditExchange, tiers);
  return cents !== null && cents >= 1;
}

/** The recharge widget's credit label: its own setting, else 积分 (spec §9). */
export const rechargeCreditName = (s: Pick<RechargeSettings, 'credit_name'> | undefined) =>
  s?.credit_name?.trim() || DEFAULT_RECHARGE_CREDIT_LABEL;
