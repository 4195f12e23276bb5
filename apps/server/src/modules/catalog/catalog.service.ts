import type { CartItem, CartLine, CartProblem, CartQuote, CatalogPage, CatalogSort, ProductDetail, ProductSummary, ProductType } from '@kartu/contracts';
import { cartProblemsOf, customValueProblemOf, customValueRangeOf, maxPerOrderOf, stockDisplayOf, type CartRuleLine } from '@kartu/core/cart';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { recordEvent } from '../analytics/analytics.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import type { ProgramRow } from '../programs/programs.table.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { assertImageFor, getImageViews, type ImageViewOf } from '../media/images.service.ts';
import {
  changeStock,
  countProducts,
  findCategories,
  findProductsOnSale,
  insertCategory,
  insertProduct,
  listCategories,
  listProducts,
  lockProducts,
  type ProductFilter,
  type ProductWithCategory,
  findProductsByIds,
} from './catalog.repository.ts';
import type { CatalogCategoryRow, NewCatalogCategoryRow, NewProductRow, ProductRow } from './catalog.table.ts';
import { getMemberCard } from '../card-access/card-access.service.ts';

/*
 * A card's catalog and the pricing of a cart (docs/decisions/020-catalog-and-cart.md). A card shows
 * its program's catalog; anyone else's card is not found (getMemberCard).
 */

/** The product page draws its photo across the app: its variants from this width. */
const PHOTO_MIN_WIDTH = 480;

export interface CatalogRequest {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
}

export interface CatalogQueryInput {
  q?: string | undefined;
  categoryId?: string | undefined;
  type?: ProductType | undefined;
  sort: CatalogSort;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** How far into the list a page starts: the cursor is an offset the server wrote, nothing else. */
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const offset = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(offset)) throw new AppError('VALIDATION_FAILED', { message: 'This page cursor is not valid' });
  return offset;
}

function cursorOf(offset: number): string {
  return Buffer.from(String(offset), 'utf8').toString('base64url');
}

function summaryOf(product: ProductWithCategory, imageOf: ImageViewOf): ProductSummary {
  return {
    id: product.id,
    type: product.type,
    name: product.name,
    category: product.category,
    image: imageOf(product.imageId),
    price: {
      points: product.pricePoints === null ? null : toJsonNumber(product.pricePoints),
      money: product.priceMinor === null ? null : toJsonNumber(product.priceMinor),
      currency: product.currency,
    },
    stock: stockDisplayOf(product.stock),
    maxPerOrder: maxPerOrderOf(product),
    weightGrams: product.weightGrams,
    isPreciousMetal: product.isPreciousMetal,
    customValue: customValueOf(product),
  };
}

/** The range a custom-value product's value is chosen in (its price is the minimum); null for any other product. */
function customValueOf(product: ProductWithCategory): ProductSummary['customValue'] {
  if (product.type !== 'custom_value' || product.priceMinor === null) return null;
  const range = customValueRangeOf(toJsonNumber(product.priceMinor), product.customValueMaxMinor === null ? null : toJsonNumber(product.customValueMaxMinor));
  return { ...range, isDonation: product.isDonation };
}

/** Refuses a price range whose minimum is above its maximum, before anything is read. */
export function assertPriceRange(query: Pick<CatalogQueryInput, 'minPrice' | 'maxPrice'>): void {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) throw new AppError('CATALOG_PRICE_RANGE');
}

/**
 * A card of the member's wallet whose program opens a shop (its `showBtnShop`, spec: app-core §3
 * Card detail): the card page shows the shop's button only then, and its pages, the catalog, a
 * cart's price and an order are refused otherwise with 403 SHOP_NOT_AVAILABLE. Anyone else's card
 * is not found.
 */
async function shopCardOf(request: CatalogRequest): Promise<CardRow> {
  const card = await getMemberCard(request);
  const { program } = await getProgram({ db: request.db, merchantId: request.merchantId, programId: card.programId });
  assertShopOpen(program);
  return card;
}

/** The program shows its shop (showBtnShop); SHOP_NOT_AVAILABLE when it does not. */
export function assertShopOpen(program: Pick<ProgramRow, 'visualAttributes'>): void {
  if (program.visualAttributes?.showBtnShop !== true) throw new AppError('SHOP_NOT_AVAILABLE');
}

/** The program whose catalog a card of the member's wallet shows (shopCardOf). */
export async function catalogProgramOfCard(request: CatalogRequest): Promise<string> {
  return (await shopCardOf(request)).programId;
}

/**
 * One page of a program's catalog, filtered and sorted, with the categories above it. The same for
 * every member holding a card of the program, so it may be shared between them.
 */
export async function getCatalogPage({ db, merchantId, programId, query }: { db: Database; merchantId: number; programId: string; query: CatalogQueryInput }): Promise<CatalogPage> {
  assertPriceRange(query);
  const offset = offsetOf(query.cursor);
  const categories = await listCategories(db, { merchantId, programId });
  // A category id that is not a uuid names no category: the page is empty rather than an error.
  if (query.categoryId !== undefined && !isUuid(query.categoryId)) return { categories, data: [], total: 0, nextCursor: null };
  const filter: ProductFilter = {
    merchantId,
    programId,
    q: query.q || undefined,
    categoryId: query.categoryId,
    type: query.type,
    minPoints: query.minPrice,
    maxPoints: query.maxPrice,
  };
  const [rows, total] = await Promise.all([listProducts(db, filter, { sort: query.sort, offset, limit: query.limit }), countProducts(db, filter)]);
  const imageOf = await getImageViews({ db, imageIds: rows.map((row) => row.imageId) });
  const end = offset + rows.length;
  return { categories, data: rows.map((row) => summaryOf(row, imageOf)), total, nextCursor: end < total ? cursorOf(end) : null };
}

/** A product on sale in the catalog of a card of the member's wallet; anything else is not found. */
async function productOnSaleOfCard({ productId, ...request }: CatalogRequest & { productId: string }): Promise<{ card: CardRow; product: ProductWithCategory }> {
  const card = await shopCardOf(request);
  const [product] = isUuid(productId) ? await findProductsOnSale(request.db, { merchantId: request.merchantId, programId: card.programId, productIds: [productId] }) : [];
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  return { card, product };
}

/** One product of the card's catalog, under the type its address names. */
export async function getProduct({ productType, ...request }: CatalogRequest & { productType: ProductType; productId: string }): Promise<ProductDetail> {
  const { product } = await productOnSaleOfCard(request);
  if (product.type !== productType) throw new AppError('PRODUCT_NOT_FOUND');
  const [imageOf, photoOf] = await Promise.all([
    getImageViews({ db: request.db, imageIds: [product.imageId] }),
    getImageViews({ db: request.db, imageIds: [product.imageId], minWidth: PHOTO_MIN_WIDTH }),
  ]);
  return { ...summaryOf(product, imageOf), description: product.description, terms: product.terms, photo: photoOf(product.imageId) };
}

/** A sum too large for the answer is refused, not failed: a cart of huge quantities is the client's mistake. */
function cartAmount(value: bigint): number {
  const amount = Number(value);
  if (!Number.isSafeInteger(amount)) throw new AppError('UNPROCESSABLE', { message: 'This cart is too large to price' });
  return amount;
}

/** One line per product, its quantities added up; a custom value sent again replaces the one before. */
function mergedItems(items: readonly CartItem[]): CartItem[] {
  const merged = new Map<string, CartItem>();
  for (const item of items) {
    const before = merged.get(item.productId);
    merged.set(item.productId, { ...before, ...item, quantity: (before?.quantity ?? 0) + item.quantity });
  }
  return [...merged.values()];
}

/** A line of a priced cart as the server keeps it: the product as read and what one unit costs. */
export interface PricedLine {
  product: ProductWithCategory;
  quantity: number;
  unitPoints: bigint | null;
  /** The product's money price, or the value chosen for a custom-value product. */
  unitMinor: bigint | null;
}

export interface PricedCart {
  quote: CartQuote;
  /** The lines on sale, with their products as read: checkout takes their stock under a lock. */
  lines: PricedLine[];
}

/**
 * Prices a cart from the products as they are now: the lines still on sale, their sums, and every
 * rule the cart breaks. Nothing the client says about prices is read.
 */
export async function priceCart({ items, currency, ...request }: CatalogRequest & { items: readonly CartItem[]; currency: string }): Promise<PricedCart> {
  const card = await shopCardOf(request);
  return priceProgramCart({ db: request.db, merchantId: request.merchantId, programId: card.programId, items, currency });
}

/** The cart priced from the program's catalog (the caller has checked the card and that the shop is open). */
export async function priceProgramCart({ db, merchantId, programId, items, currency }: { db: Database; merchantId: number; programId: string; items: readonly CartItem[]; currency: string }): Promise<PricedCart> {
  const merged = mergedItems(items);
  const found = await findProductsOnSale(db, { merchantId, programId, productIds: merged.map((item) => item.productId).filter(isUuid) });
  const byId = new Map(found.map((product) => [product.id, product]));
  const imageOf = await getImageViews({ db, imageIds: found.map((product) => product.imageId) });

  const problems: CartProblem[] = [];
  const lines: CartLine[] = [];
  const priced: PricedLine[] = [];
  const ruleLines: CartRuleLine[] = [];
  let points = 0n;
  let money = 0n;
  for (const { productId, quantity, value } of merged) {
    const product = byId.get(productId);
    if (!product) {
      problems.push({ code: 'unavailable', productId });
      continue;
    }
    const summary = summaryOf(product, imageOf);
    // A custom value out of its range is reported, and the line priced at the minimum meanwhile.
    const customProblem = summary.customValue && customValueProblemOf(summary.customValue, value);
    if (customProblem) problems.push({ ...customProblem, productId });
    const chosen = summary.customValue && !customProblem && value !== undefined ? BigInt(value) : null;
    const unitMinor = chosen ?? product.priceMinor;
    const linePoints = (product.pricePoints ?? 0n) * BigInt(quantity);
    const lineMoney = (unitMinor ?? 0n) * BigInt(quantity);
    points += linePoints;
    money += lineMoney;
    lines.push({ product: summary, quantity, value: chosen === null ? null : toJsonNumber(chosen), points: cartAmount(linePoints), money: cartAmount(lineMoney) });
    priced.push({ product, quantity, unitPoints: product.pricePoints, unitMinor });
    ruleLines.push({
      productId,
      type: product.type,
      categoryId: product.category.id,
      categoryIsExclusive: product.category.isExclusive,
      isPreciousMetal: product.isPreciousMetal,
      quantity,
      maxPerOrder: maxPerOrderOf(product),
    });
  }
  problems.push(...cartProblemsOf(ruleLines));
  const quote: CartQuote = {
    lines,
    subtotal: { points: cartAmount(points), money: cartAmount(money), currency },
    problems,
    isValid: lines.length > 0 && problems.length === 0,
  };
  return { quote, lines: priced };
}

/** A category of the program's catalog (operator tools and the demo seed). */
export async function createCatalogCategory({ db, category }: { db: Database; category: NewCatalogCategoryRow }): Promise<CatalogCategoryRow> {
  return insertCategory(db, category);
}

/** A product of the program's catalog; its category must be the same program's, its picture a product picture of the merchant. */
export async function createProduct({ db, product }: { db: Database; product: NewProductRow }): Promise<ProductRow> {
  const [category] = await findCategories(db, { merchantId: product.merchantId, programId: product.programId, categoryIds: [product.categoryId] });
  if (!category) throw new AppError('NOT_FOUND', { message: 'Category not found in this program' });
  if (product.imageId) await assertImageFor(db, { merchantId: product.merchantId, imageId: product.imageId, purpose: 'product' });
  return insertProduct(db, product);
}

/**
 * The member put a product of the card's catalog in the cart: recorded for the merchant's reports
 * (add_to_cart) once the card is the member's and the product is on sale in its catalog.
 */
export async function recordAddToCart({ quantity, now, ...request }: CatalogRequest & { productId: string; quantity: number; now: Date }): Promise<void> {
  const { card, product } = await productOnSaleOfCard(request);
  await recordEvent(request.db, {
    merchantId: request.merchantId,
    userId: request.userId,
    cardId: card.id,
    name: 'add_to_cart',
    properties: { productId: product.id, sku: product.sku, type: product.type, quantity },
    occurredAt: now,
  });
}

/** Records a search of the catalog of a card of the member's wallet (shopCardOf), with how many products it finds. */
export async function recordCatalogSearch({ query, now, ...request }: CatalogRequest & { query: string; now: Date }): Promise<void> {
  const card = await shopCardOf(request);
  // The count the list's search finds, read alone: the page's rows, categories and pictures are not needed.
  const resultCount = await countProducts(request.db, { merchantId: request.merchantId, programId: card.programId, q: query });
  await recordEvent(request.db, {
    merchantId: request.merchantId,
    userId: request.userId,
    cardId: card.id,
    name: 'search_item',
    properties: { query, resultCount },
    occurredAt: now,
  });
}

/**
 * Locks the products of a checkout until its transaction ends (in one order, so two checkouts of
 * the same products queue instead of deadlocking): their stock and prices are then the checkout's.
 */
export async function lockProductsForCheckout(tx: Database, { merchantId, productIds }: { merchantId: number; productIds: readonly string[] }): Promise<void> {
  await lockProducts(tx, { merchantId, productIds: productIds.filter(isUuid) });
}

/** Takes (a negative delta) or gives back units of a counted product; false when taking would go below zero. */
export async function changeProductStock(tx: Database, change: { productId: string; programId: string; delta: number }): Promise<boolean> {
  return changeStock(tx, change);
}

/** The merchant's products of these ids, by id (another merchant's are not found): their program, name and type. */
export async function productsByIds(db: Database, scope: { merchantId: number; ids: readonly string[] }): Promise<Map<string, Pick<ProductRow, 'id' | 'programId' | 'name' | 'type'>>> {
  return new Map((await findProductsByIds(db, scope)).map((product) => [product.id, product]));
}
