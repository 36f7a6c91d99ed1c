import { describe, expect, it } from 'vitest';
import {
  numbersToValues,
  orderPageSearch,
  toDownloadCodeListInput,
  toOrderListInput,
  valuesToNumbers,
} from './list-filters';

describe('the order page URL', () => {
  it('reads the multi-select filters and drops malformed ones', () => {
    const s = orderPageSearch.parse({ order_status: [1, '2'], order_type: 'x', payment_type: [5], tab: 'nope' });
    expect(s).toMatchObject({ page: 1, size: 10, order_status: [1, 2], payment_type: [5] });
    expect(s.order_type).toBeUndefined();
    expect(s.tab).toBeUndefined();
  });

  it('turns the search into each tab’s list input, leaving unset filters out', () => {
    const s = orderPageSearch.parse({ wd: 'abc', order_status: [2], used: false, tab: 'downcode', size: 20 });
    expect(toOrderListInput(s)).toEqual({ page: 1, size: 20, wd: 'abc', order_status: [2] });
    expect(toDownloadCodeListInput(s)).toEqual({ page: 1, size: 20, wd: 'abc', used: false });
  });

  it('maps multi-select values to numbers and an empty choice to no filter', () => {
    expect(numbersToValues([1, 3])).toEqual(['1', '3']);
    expect(numbersToValues(undefined)).toEqual([]);
    expect(valuesToNumbers(['2', '9'])).toEqual([2, 9]);
    expect(valuesToNumbers([])).toBeUndefined();
  });
});
