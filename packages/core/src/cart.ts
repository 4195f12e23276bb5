import { CUSTOM_VALUE_MAX_AMOUNT, PRECIOUS_METAL_MAX_PER_TRANSACTION, STOCK_DISPLAY_CAP } from './constants.ts';

// business-rules §5 and §9, app-core §5 and §6. The app asks these before it adds an item and the server again
// when it prices the cart and at checkout, so what the app allows and what the server accepts cannot drift apart.

/** spec app-core §2 `catalogs/{productType}/{productId?}`; `custom_value` is priced by the member within a range (business-rules §5). */
export const PRODUCT_TYPES = ['physical', 'evoucher', 'meal', 'digital', 'custom_value'] as const;
export type ProductTypeName = (typeof PRODUCT_TYPES)[number];

export interface CartRuleProduct {
  readonly productId: string;
  readonly type: ProductTypeName;
  readonly categoryId: string;
  readonly categoryIsExclusive: boolean;
  readonly isPreciousMetal: boolean;
}

export interface CartRuleLine extends CartRuleProduct {
  readonly quantity: number;
  /** Stock included; 0 when none can be bought. */
  readonly maxPerOrder: number;
}

/** The app asks the member whether to empty the cart first. */
export type CartConflict = 'mixed_physical_and_evoucher' | 'exclusive_category';

export type CartRuleProblem =
  | { code: 'mixed_physical_and_evoucher' | 'exclusive_category' }
  | { code: 'precious_metal_limit'; limit: number }
  | { code: 'out_of_stock'; productId: string }
  | { code: 'quantity_above_max'; productId: string; limit: number };

function mixesPhysicalAndEvoucher(types: ReadonlySet<string>): boolean {
  return types.has('physical') && types.has('evoucher');
}

/** Every item of a cart holding an exclusive category's item is of that category. */
function breaksExclusiveCategory(products: readonly CartRuleProduct[]): boolean {
  const exclusive = products.find((product) => product.categoryIsExclusive);
  return exclusive !== undefined && products.some((product) => product.categoryId !== exclusive.categoryId);
}

/** Adding more of an item already in the cart never conflicts. */
export function cartConflictOf(cart: readonly CartRuleProduct[], product: CartRuleProduct): CartConflict | null {
  const together = [...cart.filter((item) => item.productId !== product.productId), product];
  if (mixesPhysicalAndEvoucher(new Set(together.map((item) => item.type)))) return 'mixed_physical_and_evoucher';
  if (breaksExclusiveCategory(together)) return 'exclusive_category';
  return null;
}

/** The cart's own rules first, then each line's, in the cart's order. */
export function cartProblemsOf(lines: readonly CartRuleLine[]): CartRuleProblem[] {
  const problems: CartRuleProblem[] = [];
  if (mixesPhysicalAndEvoucher(new Set(lines.map((line) => line.type)))) problems.push({ code: 'mixed_physical_and_evoucher' });
  if (breaksExclusiveCategory(lines)) problems.push({ code: 'exclusive_category' });
  const preciousMetal = lines.filter((line) => line.isPreciousMetal).reduce((sum, line) => sum + line.quantity, 0);
  if (preciousMetal > PRECIOUS_METAL_MAX_PER_TRANSACTION) problems.push({ code: 'precious_metal_limit', limit: PRECIOUS_METAL_MAX_PER_TRANSACTION });
  for (const line of lines) {
    if (line.maxPerOrder < 1) problems.push({ code: 'out_of_stock', productId: line.productId });
    else if (line.quantity > line.maxPerOrder) problems.push({ code: 'quantity_above_max', productId: line.productId, limit: line.maxPerOrder });
  }
  return problems;
}

export function maxPerOrderOf({ maxPerOrder, stock, isPreciousMetal }: { maxPerOrder: number; stock: number | null; isPreciousMetal: boolean }): number {
  const caps = [maxPerOrder, stock ?? Number.POSITIVE_INFINITY, isPreciousMetal ? PRECIOUS_METAL_MAX_PER_TRANSACTION : Number.POSITIVE_INFINITY];
  return Math.max(0, Math.min(...caps));
}

export type StockDisplay = { status: 'out_of_stock' } | { status: 'in_stock'; count: number } | { status: 'more_than_100' } | { status: 'unlimited' };

/** business-rules §9: 'Out of Stock', the count up to 100, then '>100'. */
export function stockDisplayOf(stock: number | null): StockDisplay {
  if (stock === null) return { status: 'unlimited' };
  if (stock <= 0) return { status: 'out_of_stock' };
  if (stock > STOCK_DISPLAY_CAP) return { status: 'more_than_100' };
  return { status: 'in_stock', count: stock };
}

/** Minor units; never above CUSTOM_VALUE_MAX_AMOUNT (business-rules §5, §9). */
export interface CustomValueRange {
  readonly min: number;
  readonly max: number;
}

export function customValueRangeOf(min: number, ownMax: number | null): CustomValueRange {
  return { min, max: Math.min(ownMax ?? CUSTOM_VALUE_MAX_AMOUNT, CUSTOM_VALUE_MAX_AMOUNT) };
}

export type CustomValueProblem =
  | { code: 'custom_value_required' }
  | { code: 'custom_value_below_minimum'; limit: number }
  | { code: 'custom_value_above_maximum'; limit: number };

/** A value that is not a whole amount counts as missing. */
export function customValueProblemOf(range: CustomValueRange, value: number | undefined): CustomValueProblem | null {
  if (value === undefined || !Number.isSafeInteger(value)) return { code: 'custom_value_required' };
  if (value < range.min) return { code: 'custom_value_below_minimum', limit: range.min };
  if (value > range.max) return { code: 'custom_value_above_maximum', limit: range.max };
  return null;
}
