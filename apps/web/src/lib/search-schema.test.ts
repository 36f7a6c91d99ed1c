import { describe, expect, it } from 'vitest';
import { listSearchSchema } from '@/components/admin/list-search';
import {
  optionalBool,
  optionalEnum,
  optionalInt,
  optionalInts,
  optionalStringOrNumber,
  optionalText,
  z,
} from './search-schema';

describe('URL search params (issue 17)', () => {
  const schema = z.object({
    page: optionalInt(1, 100),
    wd: optionalText(5),
    any: optionalText(),
    sort: optionalEnum(['latest', 'views']),
    on: optionalBool(),
    ids: optionalInts(0, 9, 2),
    code: optionalStringOrNumber(),
  });

  it('keeps valid values, coercing numbers from the URL', () => {
    expect(
      schema.parse({ page: '3', wd: 'abc', any: 'x'.repeat(300), sort: 'views', on: false, ids: ['1', 2], code: 12 }),
    ).toEqual({ page: 3, wd: 'abc', any: 'x'.repeat(300), sort: 'views', on: false, ids: [1, 2], code: 12 });
  });

  it('drops malformed values instead of failing the page', () => {
    expect(
      schema.parse({ page: '0', wd: 'too long', sort: 'oldest', on: 'yes', ids: [1, 2, 3], code: { a: 1 } }),
    ).toEqual({});
    expect(schema.parse({ page: 1.5, ids: [10] })).toEqual({});
    expect(schema.parse({ page: 101 })).toEqual({});
    expect(schema.parse({ page: 'x' })).toEqual({});
  });

  it('gives an admin list its paging defaults and checks its order', () => {
    expect(listSearchSchema.parse({})).toEqual({ page: 1, size: 10 });
    expect(listSearchSchema.parse({ page: '2', size: '50', order: 'id desc' })).toEqual({
      page: 2,
      size: 50,
      order: 'id desc',
    });
    expect(listSearchSchema.parse({ page: '-1', size: '7', order: 'id; drop' })).toEqual({ page: 1, size: 10 });
  });
});
