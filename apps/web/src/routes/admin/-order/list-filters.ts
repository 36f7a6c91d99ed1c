import { listSearchSchema, optionalBool, toListInput } from '@/components/admin/list-search';
import { optionalEnum, optionalInts, z } from '@/lib/search-schema';

/** Several numbers of one filter in the URL (`?order_status=[1,2]`); anything malformed means no filter. */
export const optionalNumbers = optionalInts(0, Number.MAX_SAFE_INTEGER, 20);

/** A multi-select's string values from the URL's numbers, and back (an empty choice leaves the URL). */
export const numbersToValues = (v: readonly number[] | undefined): string[] => (v ?? []).map(String);
export const valuesToNumbers = (v: readonly string[]): number[] | undefined => (v.length ? v.map(Number) : undefined);

export const ORDER_TABS = ['order', 'downcode'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/**
 * /admin/order's URL: the tab, paging and keyword, the order filters of moredoc-pro-facts §4.6, and the download
 * codes' used/unused filter. Switching tabs starts from a clean search.
 */
export const orderPageSearch = z.extend(listSearchSchema, {
  tab: optionalEnum(ORDER_TABS),
  order_status: optionalNumbers,
  order_type: optionalNumbers,
  payment_type: optionalNumbers,
  used: optionalBool,
});
export type OrderPageSearch = z.output<typeof orderPageSearch>;

/** `order.list` input: keyword over order number and product name, and the three multi-selects. */
export const toOrderListInput = (s: OrderPageSearch) =>
  toListInput(s, { order_status: s.order_status, order_type: s.order_type, payment_type: s.payment_type });

/** `downcode.list` input: `wd` is a whole code, `used` the state. */
export const toDownloadCodeListInput = (s: OrderPageSearch) =>
  toListInput({ ...s, order: undefined }, { used: s.used });
