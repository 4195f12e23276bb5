import { describe, expect, it } from 'vitest';
import { catalogFilterOf, catalogSearchOf, isPriceRangeValid, sheetFilterCount } from './catalog-filter.ts';

describe('catalog filter', () => {
  it('reads every filter from the address, dropping what the list cannot use', () => {
    const search = new URLSearchParams('q=%20kopi%20&categoryId=beans&type=physical&sort=price_asc&minPrice=100&maxPrice=2000');
    expect(catalogFilterOf(search)).toEqual({ q: 'kopi', categoryId: 'beans', type: 'physical', sort: 'price_asc', minPrice: 100, maxPrice: 2000 });
    expect(catalogFilterOf(new URLSearchParams('type=car&sort=cheapest&minPrice=-5&maxPrice=1e3&q=%20'))).toEqual({});
  });

  it('leaves the default sort out of the address', () => {
    expect(catalogFilterOf(new URLSearchParams('sort=recommended'))).toEqual({});
    expect(catalogSearchOf({ sort: 'recommended', minPrice: 0 })).toMatchObject({ sort: undefined, minPrice: '0' });
  });

  it('counts the sheet filters, a price range as one', () => {
    expect(sheetFilterCount({ q: 'kopi', sort: 'newest' })).toBe(0);
    expect(sheetFilterCount({ categoryId: 'beans', minPrice: 1, maxPrice: 2 })).toBe(2);
  });

  it('refuses a minimum above the maximum, and takes an open end', () => {
    expect(isPriceRangeValid(500, 100)).toBe(false);
    expect(isPriceRangeValid(100, 100)).toBe(true);
    expect(isPriceRangeValid(500, undefined)).toBe(true);
  });
});
