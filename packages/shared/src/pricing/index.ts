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

/**
 * What a recharge of `quantity` credits costs, in cents, by the rules above; null when it cannot be priced (no
 * exchange rate, or a quantity that is not a positive integer). The server charges exactly this figure.
 */
export function rechargeCents(quantity: number, creditExchange: number, tiers: readonly DiscountTier[]): number | null {
  if (!Number.isInteger(quantity) || quantity <= 0) return null;
  const price = rechargePrice(quantity, creditExchange, discountFor(quantity, tiers));
  return price === null ? null : Math.round(price * 100);
}

/** The most credits one recharge order may buy. */
export const RECHARGE_MAX_QUANTITY = 1_000_000;

/**
 * What is wrong with a recharge of `quantity` credits (issue 20), or null: a whole number of credits, at least one
 * yuan's worth, in steps of one yuan (`creditExchange` credits; a preset amount of the discount tiers is always
 * allowed), at most RECHARGE_MAX_QUANTITY. The recharge form and the server judge by the same rule.
 */
export function rechargeQuantityProblem(
  quantity: number,
  creditExchange: number,
  tiers: readonly DiscountTier[],
): null | { code: 'integer' | 'min' | 'max' | 'step'; limit: number } {
  if (!Number.isInteger(quantity) || quantity <= 0) return { code: 'integer', limit: 0 };
  if (quantity > RECHARGE_MAX_QUANTITY) return { code: 'max', limit: RECHARGE_MAX_QUANTITY };
  if (!(creditExchange > 0) || tiers.some((t) => t.amount === quantity)) return null;
  const step = creditExchange;
  if (quantity < step) return { code: 'min', limit: Math.ceil(step) };
  const units = quantity / step;
  if (Math.abs(units - Math.round(units)) > 1e-9) return { code: 'step', limit: step };
  return null;
}

/** VIP card kinds of spec §3 and the settings prefix of each (`vip.year_price` …). */
export const VIP_CARD_KEYS = ['year', 'quarter', 'month'] as const;
export type VipCardKey = (typeof VIP_CARD_KEYS)[number];

export interface VipCard {
  kind: number;
  key: VipCardKey;
  /** Cents (moredoc-pro-facts §0.8). */
  price: number;
  originalPrice: number;
  /** VIP-exclusive free downloads in total; 0 = unlimited. */
  download: number;
  /** Percent paid for non-VIP documents, 1–100 (70 = 7.0 折); anything else means no discount. */
  discount: number;
  /** Downloads per day; 0 = unlimited. */
  timesEveryDay: number;
}

const intOr = (v: unknown, fallback: number) => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
};

/** The card of one kind (0 year, 1 quarter, 2 month) read from the `vip` settings group; null for another kind. */
export function vipCard(vip: Record<string, unknown>, kind: number): VipCard | null {
  const key = VIP_CARD_KEYS[kind];
  if (!key) return null;
  const discount = intOr(vip[`${key}_document_discount`], 100);
  return {
    kind,
    key,
    price: intOr(vip[`${key}_price`], 0),
    originalPrice: intOr(vip[`${key}_original_price`], 0),
    download: intOr(vip[`${key}_download`], 0),
    discount: discount >= 1 && discount <= 100 ? discount : 100,
    timesEveryDay: intOr(vip[`${key}_times_every_day`], 0),
  };
}

/** A card's validity: a calendar year, three months or one month from `from`. */
export function vipExpiry(kind: number, from: Date): Date {
  const d = new Date(from);
  if (kind === 0) d.setFullYear(d.getFullYear() + 1);
  else d.setMonth(d.getMonth() + (kind === 1 ? 3 : 1));
  return d;
}

/** Cents → credits at `credit_exchange` credits per yuan, rounded up (a card is never sold below its price). */
export function centsToCredits(cents: number, creditExchange: number): number {
  if (!(creditExchange > 0)) return 0;
  return Math.ceil(Number(((cents / 100) * creditExchange).toPrecision(12)));
}

/** Credits → cents at `credit_exchange` credits per yuan, to the cent; 0 when there is no exchange rate. */
export function creditsToCents(credits: number, creditExchange: number): number {
  if (!(creditExchange > 0)) return 0;
  return Math.round(Number(((credits / creditExchange) * 100).toPrecision(12)));
}

/** A document's price after a VIP discount percent (70 = pay 70 %), rounded up to whole credits. */
export function discountedDocumentPrice(price: number, discountPercent: number): number {
  if (!(price > 0)) return 0;
  if (!(discountPercent >= 1 && discountPercent < 100)) return price;
  return Math.ceil(Number(((price * discountPercent) / 100).toPrecision(12)));
}

/** moredoc-pro-facts §2.1: 70 → `7.0 折`; 100 or nothing → null (no discount). */
export function vipDiscountLabel(discountPercent: number): string | null {
  if (!(discountPercent >= 1 && discountPercent < 100)) return null;
  return `${(discountPercent / 10).toFixed(1)} 折`;
}

/** Whether the member holds an active VIP while the feature is on: no ads, the badge, VIP downloads. */
export function isVipUser(user: { vipExpiredAt?: Date | null } | null | undefined, vipEnabled: boolean): boolean {
  return vipEnabled && !!user?.vipExpiredAt && user.vipExpiredAt.getTime() > Date.now();
}
