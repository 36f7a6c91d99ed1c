import { describe, expect, it } from 'vitest';
import { listParam, oneValueFilters, optionalBool, optionalNumber, toListInput } from './list-search';

describe('oneValueFilters', () => {
  const { searchSchema, toInput } = oneValueFilters({
    status: optionalBool,
    type: optionalNumber,
    reason: optionalNumber,
  });

  it('reads the filters from the URL next to paging, keyword and order', () => {
    expect(searchSchema.parse({ page: '2', status: false, type: '1', wd: 'x' })).toEqual({
      page: 2,
      size: 10,
      wd: 'x',
      status: false,
      type: 1,
    });
  });

  it('gives the procedure each set filter as a one-value list, as the hand-written inputs did', () => {
    const search = searchSchema.parse({ page: '3', size: '20', status: true, reason: '2', order: 'id asc' });
    expect(toInput(search)).toEqual({ page: 3, size: 20, order: 'id asc', status: [true], reason: [2] });
    expect(toInput(search)).toEqual(
      toListInput(search, {
        status: listParam(search.status),
        type: listParam(search.type),
        reason: listParam(search.reason),
      }),
    );
    expect(toInput(searchSchema.parse({}))).toEqual({ page: 1, size: 10 });
  });
});
