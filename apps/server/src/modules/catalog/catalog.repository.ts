import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { CatalogSort, ProductType } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { catalogCategories, products, type CatalogCategoryRow, type NewCatalogCategoryRow, type NewProductRow, type ProductRow } from './catalog.table.ts';

export type ProductWithCategory = ProductRow & { category: Pick<CatalogCategoryRow, 'id' | 'name' | 'isExclusive'> };

export interface ProductFilter {
  merchantId: number;
  programId: string;
  q?: string | undefined;
  categoryId?: string | undefined;
  type?: ProductType | undefined;
  minPoints?: number | undefined;
  maxPoints?: number | undefined;
}

const onSale = (merchantId: number, programId: string) => and(eq(products.merchantId, merchantId), eq(products.programId, programId), eq(products.isActive, true));

/** `%` and `_` typed by a member are searched for as themselves. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filterOf({ merchantId, programId, q, categoryId, type, minPoints, maxPoints }: ProductFilter): SQL | undefined {
  return and(
    onSale(merchantId, programId),
    q ? ilike(products.name, containing(q)) : undefined,
    categoryId ? eq(products.categoryId, categoryId) : undefined,
    type ? eq(products.type, type) : undefined,
    minPoints !== undefined ? gte(products.pricePoints, BigInt(minPoints)) : undefined,
    maxPoints !== undefined ? lte(products.pricePoints, BigInt(maxPoints)) : undefined,
  );
}

// Every order ends on the id, so that a page boundary never repeats or skips a product.
const orders: Record<CatalogSort, SQL[]> = {
  recommended: [asc(catalogCategories.sortOrder), asc(products.sortOrder), asc(products.name), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  price_asc: [sql`${products.pricePoints} asc nulls last`, sql`${products.priceMinor} asc nulls first`, asc(products.id)],
  price_desc: [sql`${products.pricePoints} desc nulls last`, sql`${products.priceMinor} desc nulls last`, asc(products.id)],
  name_asc: [sql`lower(${products.name})`, asc(products.id)],
};

const productColumns = { product: products, category: { id: catalogCategories.id, name: catalogCategories.name, isExclusive: catalogCategories.isExclusive } };

export async function listProducts(
  db: Database,
  filter: ProductFilter,
  { sort, offset, limit }: { sort: CatalogSort; offset: number; limit: number },
): Promise<ProductWithCategory[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(catalogCategories, eq(catalogCategories.id, products.categoryId))
    .where(filterOf(filter))
    .orderBy(...orders[sort])
    .offset(offset)
    .limit(limit);
  return rows.map(({ product, category }) => ({ ...product, category }));
}

export async function countProducts(db: Database, filter: ProductFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(filterOf(filter));
  return row?.total ?? 0;
}

/** The program's categories that have products on sale, with how many, in the merchant's order. */
export async function listCategories(db: Database, { merchantId, programId }: { merchantId: number; programId: string }) {
  return db
    .select({ id: catalogCategories.id, name: catalogCategories.name, isExclusive: catalogCategories.isExclusive, productCount: count(products.id) })
    .from(catalogCategories)
    .innerJoin(products, and(eq(products.categoryId, catalogCategories.id), onSale(merchantId, programId)))
    .where(and(eq(catalogCategories.merchantId, merchantId), eq(catalogCategories.programId, programId)))
    .groupBy(catalogCategories.id)
    .orderBy(asc(catalogCategories.sortOrder), asc(catalogCategories.name));
}

/** Products on sale in the program among these ids (unknown ids and others' products are left out). */
export async function findProductsOnSale(
  db: Database,
  { merchantId, programId, productIds }: { merchantId: number; programId: string; productIds: readonly string[] },
): Promise<ProductWithCategory[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(catalogCategories, eq(catalogCategories.id, products.categoryId))
    .where(and(onSale(merchantId, programId), inArray(products.id, [...productIds])));
  return rows.map(({ product, category }) => ({ ...product, category }));
}

export async function findCategories(
  db: Database,
  { merchantId, programId, categoryIds }: { merchantId: number; programId: string; categoryIds: readonly string[] },
): Promise<CatalogCategoryRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select()
    .from(catalogCategories)
    .where(and(eq(catalogCategories.merchantId, merchantId), eq(catalogCategories.programId, programId), inArray(catalogCategories.id, [...categoryIds])));
}

export async function insertCategory(db: Database, values: NewCatalogCategoryRow): Promise<CatalogCategoryRow> {
  const [row] = await db.insert(catalogCategories).values(values).returning();
  if (!row) throw new Error('The category was not inserted');
  publishAfterCommit(db, [changeTags.catalog(row.programId)]);
  return row;
}

export async function insertProduct(db: Database, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('The product was not inserted');
  publishAfterCommit(db, [changeTags.catalog(row.programId)]);
  return row;
}

// A row an upsert inserted has no deleting transaction yet: xmax = 0 tells it from an updated one.
const insertedNow = sql<boolean>`(xmax = 0)`;

/** The program's category of this name, made when missing; `isExclusive` given changes it either way. */
export async function upsertCategoryByName(
  tx: Database,
  { merchantId, programId, name, isExclusive }: { merchantId: number; programId: string; name: string; isExclusive?: boolean | undefined },
): Promise<{ id: string; created: boolean }> {
  const [row] = await tx
    .insert(catalogCategories)
    .values({ merchantId, programId, name, isExclusive: isExclusive ?? false })
    .onConflictDoUpdate({
      target: [catalogCategories.programId, catalogCategories.name],
      // Touching the name keeps the row returned when nothing else changes.
      set: { name, ...(isExclusive !== undefined && { isExclusive }) },
    })
    .returning({ id: catalogCategories.id, created: insertedNow });
  if (!row) throw new Error('The category was not written');
  publishAfterCommit(tx, [changeTags.catalog(programId)]);
  return row;
}

export async function upsertProductBySku(tx: Database, values: NewProductRow): Promise<{ id: string; created: boolean }> {
  const { merchantId: _merchant, programId: _program, sku: _sku, ...changes } = values;
  const [row] = await tx
    .insert(products)
    .values(values)
    .onConflictDoUpdate({ target: [products.programId, products.sku], set: changes })
    .returning({ id: products.id, created: insertedNow });
  if (!row) throw new Error('The product was not written');
  publishAfterCommit(tx, [changeTags.catalog(values.programId)]);
  return row;
}

/** Every product of the program, retired ones too, by SKU: what the merchant manages. */
export async function listProgramProducts(db: Database, { merchantId, programId }: { merchantId: number; programId: string }): Promise<ProductWithCategory[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(catalogCategories, eq(catalogCategories.id, products.categoryId))
    .where(and(eq(products.merchantId, merchantId), eq(products.programId, programId)))
    .orderBy(asc(products.sku));
  return rows.map(({ product, category }) => ({ ...product, category }));
}

export async function findProductBySku(db: Database, { merchantId, programId, sku }: { merchantId: number; programId: string; sku: string }): Promise<ProductWithCategory | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(catalogCategories, eq(catalogCategories.id, products.categoryId))
    .where(and(eq(products.merchantId, merchantId), eq(products.programId, programId), eq(products.sku, sku)))
    .limit(1);
  return row && { ...row.product, category: row.category };
}

/** Sets the units left of the program's product of this SKU; false when it has none. */
export async function updateStockBySku(
  tx: Database,
  { merchantId, programId, sku, stock }: { merchantId: number; programId: string; sku: string; stock: number | null },
): Promise<boolean> {
  const updated = await tx
    .update(products)
    .set({ stock })
    .where(and(eq(products.merchantId, merchantId), eq(products.programId, programId), eq(products.sku, sku)))
    .returning({ id: products.id });
  if (updated.length > 0) publishAfterCommit(tx, [changeTags.catalog(programId)]);
  return updated.length > 0;
}

/** Draws the program's product of this SKU with a stored picture; false when it has none of that SKU. */
export async function updateImageBySku(
  tx: Database,
  { merchantId, programId, sku, imageId }: { merchantId: number; programId: string; sku: string; imageId: string },
): Promise<boolean> {
  const updated = await tx
    .update(products)
    .set({ imageId })
    .where(and(eq(products.merchantId, merchantId), eq(products.programId, programId), eq(products.sku, sku)))
    .returning({ id: products.id });
  if (updated.length > 0) publishAfterCommit(tx, [changeTags.catalog(programId)]);
  return updated.length > 0;
}

/**
 * Locks the products' rows until the transaction ends, in one order whatever the cart's, so two
 * checkouts of the same products queue instead of deadlocking.
 */
export async function lockProducts(tx: Database, { merchantId, productIds }: { merchantId: number; productIds: readonly string[] }): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), inArray(products.id, [...productIds])))
    .orderBy(asc(products.id))
    .for('update');
}

/**
 * Adds `delta` units to a counted product's stock (a negative one takes them); false when taking
 * would go below zero. Products without a count are left as they are.
 */
export async function changeStock(tx: Database, { productId, programId, delta }: { productId: string; programId: string; delta: number }): Promise<boolean> {
  const updated = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${delta}` })
    .where(and(eq(products.id, productId), isNotNull(products.stock), sql`${products.stock} + ${delta} >= 0`))
    .returning({ id: products.id });
  if (updated.length > 0) publishAfterCommit(tx, [changeTags.catalog(programId)]);
  return updated.length > 0;
}

export async function findProductsByIds(db: Database, { merchantId, ids }: { merchantId: number; ids: readonly string[] }): Promise<Array<Pick<ProductRow, 'id' | 'programId' | 'name' | 'type'>>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, programId: products.programId, name: products.name, type: products.type })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), inArray(products.id, [...ids])));
}
