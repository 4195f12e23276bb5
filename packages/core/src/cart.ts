import { CUSTOM_VALUE_MAX_AMOUNT, PRECIOUS_METAL_MAX_PER_TRANSACTION, STOCK_DISPLAY_CAP } from './constants.ts';

/*
 * The shop's cart rules (business-rules §5 and §9, app-core §5 and §6), in one place: the app asks
 * them before it adds an item, and the server asks them again when it prices the cart and at
 * checkout, so what the app allows and what the server accepts cannot drift apart.
 */

/**
 * spec app-core §2 `catalogs/{productType}/{productId?}`: the kinds of product a catalog sells. A
 * `custom_value` product is paid at a value the member chooses in a range (a donation, a top-up of
 * one's own amount; business-rules §5).
 */
export const PRODUCT_TYPES = ['physical', 'evoucher', 'meal', 'digital', 'custom_value'] as const;
export type ProductTypeName = (typeof PRODUCT_TYPES)[number];

/** What the rules need to know of a product. */
export interface CartRuleProduct {
  readonly productId: string;
  readonly type: ProductTypeName;
  readonly categoryId: string;
  readonly categoryIsExclusive: boolean;
  readonly isPreciousMetal: boolean;
}

export interface CartRuleLine extends CartRuleProduct {
  readonly quantity: number;
  /** The most one order takes, stock included; 0 when none can be bought. */
  readonly maxPerOrder: number;
}

/** Why an item cannot join the cart as it is: the app asks the member whether to empty it first. */
export type CartConflict = 'mixed_physical_and_evoucher' | 'exclusive_category';

export type CartRuleProblem =
  | { code: 'mixed_physical_and_evoucher' | 'exclusive_category' }
  | { code: 'precious_metal_limit'; limit: number }
  | { code: 'out_of_stock'; productId: string }
  | { code: 'quantity_above_max'; productId: string; limit: number };

/** Physical items and e-vouchers never share a cart. */
function mixesPhysicalAndEvoucher(types: ReadonlySet<string>): boolean {
  return types.has('physical') && types.has('evoucher');
}

/** An exclusive category's items go alone: every item of a cart holding one is of that category. */
function breaksExclusiveCategory(products: readonly CartRuleProduct[]): boolean {
  const exclusive = products.find((product) => product.categoryIsExclusive);
  return exclusive !== undefined && products.some((product) => product.categoryId !== exclusive.categoryId);
}

/**
 * Whether `product` can join a cart holding `cart` as it is, or which rule it would break. Adding
 * more of an item already in the cart never conflicts.
 */
export function cartConflictOf(cart: readonly CartRuleProduct[], product: CartRuleProduct): CartConflict | null {
  const together = [...cart.filter((item) => item.productId !== product.productId), product];
  if (mixesPhysicalAndEvoucher(new Set(together.map((item) => item.type)))) return 'mixed_physical_and_evoucher';
  if (breaksExclusiveCategory(together)) return 'exclusive_category';
  return null;
}

/** Every rule a cart breaks, the cart's own rules first and then each line's, in the cart's order. */
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

/**
 * The most of a product one order may take: its own maximum per order, its stock (null for no stock
 * count), and for a precious metal the transaction's cap.
 */
export function maxPerOrderOf({ maxPerOrder, stock, isPreciousMetal }: { maxPerOrder: number; stock: number | null; isPreciousMetal: boolean }): number {
  const caps = [maxPerOrder, stock ?? Number.POSITIVE_INFINITY, isPreciousMetal ? PRECIOUS_METAL_MAX_PER_TRANSACTION : Number.POSITIVE_INFINITY];
  return Math.max(0, Math.min(...caps));
}

export type StockDisplay = { status: 'out_of_stock' } | { status: 'in_stock'; count: number } | { status: 'more_than_100' } | { status: 'unlimited' };

/** Stock as a member sees it: 'Out of Stock', the count up to 100, then '>100' (business-rules §9). */
export function stockDisplayOf(stock: number | null): StockDisplay {
  if (stock === null) return { status: 'unlimited' };
  if (stock <= 0) return { status: 'out_of_stock' };
  if (stock > STOCK_DISPLAY_CAP) return { status: 'more_than_100' };
  return { status: 'in_stock', count: stock };
}

/**
 * The values a custom-value product takes, in minor units: from its minimum (for a donation, the
 * minimum donation) to its own maximum, never above CUSTOM_VALUE_MAX_AMOUNT (business-rules §5, §9).
 */
export interface CustomValueRange {
  readonly min: number;
  readonly max: number;
}

/** The range of a product whose merchant set `min` and, or not, a maximum of its own. */
export function customValueRangeOf(min: number, ownMax: number | null): CustomValueRange {
  return { min, max: Math.min(ownMax ?? CUSTOM_VALUE_MAX_AMOUNT, CUSTOM_VALUE_MAX_AMOUNT) };
}

export type CustomValueProblem =
  | { code: 'custom_value_required' }
  | { code: 'custom_value_below_minimum'; limit: number }
  | { code: 'custom_value_above_maximum'; limit: number };

/** What is wrong with `value` for a product of this range; null when it is a whole amount within it. */
export function customValueProblemOf(range: CustomValueRange, value: number | undefined): CustomValueProblem | null {
  if (value === undefined || !Number.isSafeInteger(value)) return { code: 'custom_value_required' };
  if (value < range.min) return { code: 'custom_value_below_minimum', limit: range.min };
  if (value > range.max) return { code: 'custom_value_above_maximum', limit: range.max };
  return null;
}
