import { describe, expect, it } from 'vitest';
import { cartConflictOf, cartProblemsOf, customValueProblemOf, customValueRangeOf, maxPerOrderOf, stockDisplayOf, type CartRuleLine, type CartRuleProduct } from './cart.ts';

const item = (productId: string, fields: Partial<CartRuleProduct> = {}): CartRuleProduct => ({
  productId,
  type: 'physical',
  categoryId: 'coffee',
  categoryIsExclusive: false,
  isPreciousMetal: false,
  ...fields,
});
const line = (productId: string, fields: Partial<CartRuleLine> = {}): CartRuleLine => ({ ...item(productId), quantity: 1, maxPerOrder: 10, ...fields });

describe('cartConflictOf', () => {
  it('lets meals and digital products join either kind, but never a physical item with an e-voucher', () => {
    expect(cartConflictOf([item('beans')], item('voucher', { type: 'evoucher' }))).toBe('mixed_physical_and_evoucher');
    expect(cartConflictOf([item('voucher', { type: 'evoucher' })], item('beans'))).toBe('mixed_physical_and_evoucher');
    expect(cartConflictOf([item('beans'), item('ebook', { type: 'digital' })], item('meal', { type: 'meal' }))).toBeNull();
    expect(cartConflictOf([item('voucher', { type: 'evoucher' })], item('ebook', { type: 'digital' }))).toBeNull();
  });

  it('keeps an exclusive category on its own, either way round, but allows more of its own items', () => {
    const gold = item('gold', { categoryId: 'collector', categoryIsExclusive: true });
    expect(cartConflictOf([item('beans')], gold)).toBe('exclusive_category');
    expect(cartConflictOf([gold], item('beans'))).toBe('exclusive_category');
    expect(cartConflictOf([gold], item('cupping', { categoryId: 'collector', categoryIsExclusive: true }))).toBeNull();
  });

  it('never conflicts when more of an item already in the cart is added, or the cart is empty', () => {
    expect(cartConflictOf([item('voucher', { type: 'evoucher' })], item('voucher', { type: 'evoucher' }))).toBeNull();
    expect(cartConflictOf([], item('gold', { categoryIsExclusive: true }))).toBeNull();
  });
});

describe('cartProblemsOf', () => {
  it('names each broken rule once, the cart rules before the lines', () => {
    expect(
      cartProblemsOf([
        line('voucher', { type: 'evoucher', maxPerOrder: 0 }),
        line('gold', { isPreciousMetal: true, quantity: 2, maxPerOrder: 3 }),
        line('coin', { isPreciousMetal: true, quantity: 2, maxPerOrder: 1 }),
      ]),
    ).toEqual([
      { code: 'mixed_physical_and_evoucher' },
      { code: 'precious_metal_limit', limit: 3 },
      { code: 'out_of_stock', productId: 'voucher' },
      { code: 'quantity_above_max', productId: 'coin', limit: 1 },
    ]);
  });

  it('accepts exactly 3 precious-metal items and a quantity at its maximum', () => {
    expect(cartProblemsOf([line('gold', { isPreciousMetal: true, quantity: 3, maxPerOrder: 3 }), line('beans', { quantity: 10 })])).toEqual([]);
    expect(cartProblemsOf([])).toEqual([]);
  });
});

describe('maxPerOrderOf', () => {
  it("is the least of the product's maximum, its stock and the precious-metal cap", () => {
    expect(maxPerOrderOf({ maxPerOrder: 10, stock: null, isPreciousMetal: false })).toBe(10);
    expect(maxPerOrderOf({ maxPerOrder: 10, stock: 4, isPreciousMetal: false })).toBe(4);
    expect(maxPerOrderOf({ maxPerOrder: 10, stock: 20, isPreciousMetal: true })).toBe(3);
    expect(maxPerOrderOf({ maxPerOrder: 10, stock: 0, isPreciousMetal: true })).toBe(0);
  });
});

describe('stockDisplayOf', () => {
  it("shows 'Out of Stock', the count up to 100, then '>100'", () => {
    expect(stockDisplayOf(0)).toEqual({ status: 'out_of_stock' });
    expect(stockDisplayOf(1)).toEqual({ status: 'in_stock', count: 1 });
    expect(stockDisplayOf(100)).toEqual({ status: 'in_stock', count: 100 });
    expect(stockDisplayOf(101)).toEqual({ status: 'more_than_100' });
    expect(stockDisplayOf(null)).toEqual({ status: 'unlimited' });
  });
});

describe('custom values', () => {
  it('caps a range at the custom value maximum, whatever the product says', () => {
    expect(customValueRangeOf(10_000, null)).toEqual({ min: 10_000, max: 100_000_000 });
    expect(customValueRangeOf(10_000, 500_000)).toEqual({ min: 10_000, max: 500_000 });
    expect(customValueRangeOf(10_000, 900_000_000)).toEqual({ min: 10_000, max: 100_000_000 });
  });

  it('takes a whole value from the minimum to the maximum, and says which end a value misses', () => {
    const range = customValueRangeOf(10_000, 1_000_000);
    expect(customValueProblemOf(range, 10_000)).toBeNull();
    expect(customValueProblemOf(range, 1_000_000)).toBeNull();
    expect(customValueProblemOf(range, 9_999)).toEqual({ code: 'custom_value_below_minimum', limit: 10_000 });
    expect(customValueProblemOf(range, 1_000_001)).toEqual({ code: 'custom_value_above_maximum', limit: 1_000_000 });
    expect(customValueProblemOf(range, undefined)).toEqual({ code: 'custom_value_required' });
    expect(customValueProblemOf(range, 12_500.5)).toEqual({ code: 'custom_value_required' });
  });
});
