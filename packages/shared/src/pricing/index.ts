/** Recharge pricing rules of spec §5 and §9; the server and the browser compute prices with these same functions. */
export interface DiscountTier {
  /** Points. */
  amount: number;
  /** Multiplier; 1 means no discount. */
  discount: number;
}

/**
 * Parses `recharge_discount` text, one `amount:discount` tier per line. Malformed text yields no tiers (spec §5):
 * a single bad line invalidates the whole setting rather than silently pricing with half of it.
 */
export function parseDiscountTiers(text: string | null | undefined): DiscountTier[] {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const tiers: DiscountTier[] = [];
  for (const line of lines) {
    const m = /^(\d+(?:\.\d+)?)\s*[:：]\s*(\d+(?:\.\d+)?)$/.exec(line);
    if (!m) return [];
    const amount = Number(m[1]);
    const discount = Number(m[2]);
    if (!(amount > 0) || !(discount > 0) || discount > 1) return [];
    tiers.push({ amount, discount });
  }
  return tiers.sort((a, b) => a.amount - b.amount);
}

/** spec §5: the smallest discount among tiers whose amount ≤ the entered amount, or 1 if none. */
export function discountFor(amount: number, tiers: readonly DiscountTier[]): number {
  let best = 1;
  for (const t of tiers) if (t.amount <= amount && t.discount < best) best = t.discount;
  return best;
}

/** spec §9: discount × 10 to one decimal followed by 折, or 无折扣 when 1. */
export function discountBadge(discount: number): string {
  if (discount >= 1) return '无折扣';
  return `${(Math.round(discount * 100) / 10).toFixed(1)}折`;
}

/**
 * spec §9: price in currency = amount ÷ credit_exchange with the discount applied, to 2 decimals.
 * A zero, negative or missing exchange rate prices nothing (never divides by zero): returns null.
 */
export function rechargePrice(amount: number, creditExchange: number, discount = 1): number | null {
  if (!(creditExchange > 0) || !(amount >= 0)) return null;
  // 12 significant digits first, so 31.634999… (binary noise of 31.635) rounds half-up like the decimal it is.
  const raw = Number(((amount / creditExchange) * discount).toPrecision(12));
  return Math.round(raw * 100) / 100;
}

export const formatPrice = (price: number | null) => (price === null ? '--' : price.toFixed(2));
