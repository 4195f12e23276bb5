import type { IntegrationProduct } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getProgram } from '../programs/programs.service.ts';
import { saveResizedImage, type prepareImage } from '../media/images.service.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { findProductBySku, listProgramProducts, updateImageBySku, updateStockBySku, upsertCategoryByName, upsertProductBySku, type ProductWithCategory } from './catalog.repository.ts';

/*
 * The merchant's side of a catalog: products made and updated by SKU (the integration API and the
 * CSV import both save through saveProduct), their exact stock, and retired products kept.
 */

/** A product as the merchant states it, prices in the program's units and minor units of money. */
export interface MerchantProduct {
  sku: string;
  name: string;
  category: string;
  /** Sets the category's exclusivity; undefined leaves it as it is (false for a new category). */
  categoryExclusive?: boolean | undefined;
  type: ProductWithCategory['type'];
  pricePoints: number | null;
  priceMoney: number | null;
  stock: number | null;
  maxPerOrder: number;
  weightGrams: number | null;
  isPreciousMetal: boolean;
  /** A custom_value product's own maximum value (priceMoney is its minimum); null for the general cap. */
  customValueMax: number | null;
  isDonation: boolean;
  description: string | null;
  terms: string | null;
  active: boolean;
  /** A stored product picture; undefined keeps the product's own. */
  imageId?: string | undefined;
  /** The place in the merchant's order; undefined keeps it (0 for a new product). */
  sortOrder?: number | undefined;
}

export interface SaveProductResult {
  id: string;
  created: boolean;
  categoryCreated: boolean;
}

export interface SaveProductInput {
  tx: Database;
  merchantId: number;
  programId: string;
  /** The merchant's: a product's money price is in it. */
  currency: string;
  product: MerchantProduct;
}

/** Makes or updates the program's product of this SKU, and its category by name, in `tx`. */
export async function saveProduct({
  tx,
  merchantId,
  programId,
  currency,
  product,
}: SaveProductInput): Promise<SaveProductResult> {
  const category = await upsertCategoryByName(tx, { merchantId, programId, name: product.category, isExclusive: product.categoryExclusive });
  const saved = await upsertProductBySku(tx, {
    merchantId,
    programId,
    categoryId: category.id,
    sku: product.sku,
    name: product.name,
    type: product.type,
    currency,
    pricePoints: product.pricePoints === null ? null : BigInt(product.pricePoints),
    priceMinor: product.priceMoney === null ? null : BigInt(product.priceMoney),
    stock: product.stock,
    maxPerOrder: product.maxPerOrder,
    weightGrams: product.weightGrams,
    isPreciousMetal: product.isPreciousMetal,
    customValueMaxMinor: product.customValueMax === null ? null : BigInt(product.customValueMax),
    isDonation: product.isDonation,
    description: product.description,
    terms: product.terms,
    isActive: product.active,
    ...(product.imageId !== undefined && { imageId: product.imageId }),
    ...(product.sortOrder !== undefined && { sortOrder: product.sortOrder }),
  });
  return { ...saved, categoryCreated: category.created };
}

export function merchantProductView(product: ProductWithCategory): IntegrationProduct {
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    category: product.category,
    type: product.type,
    pricePoints: product.pricePoints === null ? null : toJsonNumber(product.pricePoints),
    priceMoney: product.priceMinor === null ? null : toJsonNumber(product.priceMinor),
    currency: product.currency,
    stock: product.stock,
    maxPerOrder: product.maxPerOrder,
    weightGrams: product.weightGrams,
    isPreciousMetal: product.isPreciousMetal,
    customValueMax: product.customValueMaxMinor === null ? null : toJsonNumber(product.customValueMaxMinor),
    isDonation: product.isDonation,
    description: product.description,
    terms: product.terms,
    active: product.isActive,
    hasImage: product.imageId !== null,
  };
}

/** The merchant's program, for a write to its catalog: 404 for another merchant's, or one that is not a uuid. */
async function programOf(db: Database, { merchantId, programId }: { merchantId: number; programId: string }) {
  return (await getProgram({ db, merchantId, programId })).program;
}

export async function listMerchantProducts({ db, merchantId, programId }: { db: Database; merchantId: number; programId: string }): Promise<IntegrationProduct[]> {
  await programOf(db, { merchantId, programId });
  return (await listProgramProducts(db, { merchantId, programId })).map(merchantProductView);
}

/** The integration API's write of one product, by SKU, in the transaction of its idempotency key. */
export async function saveMerchantProduct({
  tx,
  merchantId,
  programId,
  currency,
  product,
}: SaveProductInput): Promise<{ data: IntegrationProduct; created: boolean }> {
  await programOf(tx, { merchantId, programId });
  const { created } = await saveProduct({ tx, merchantId, programId, currency, product });
  const saved = await findProductBySku(tx, { merchantId, programId, sku: product.sku });
  if (!saved) throw new Error('The saved product was not found');
  return { data: merchantProductView(saved), created };
}

/** Sets the units left of a product, as counted at the merchant. */
export async function setProductStock({ tx, merchantId, programId, sku, stock }: { tx: Database; merchantId: number; programId: string; sku: string; stock: number | null }): Promise<IntegrationProduct> {
  await programOf(tx, { merchantId, programId });
  if (!(await updateStockBySku(tx, { merchantId, programId, sku, stock }))) throw new AppError('PRODUCT_NOT_FOUND', { message: `No product has the SKU ${sku} in this program` });
  const saved = await findProductBySku(tx, { merchantId, programId, sku });
  if (!saved) throw new Error('The product was not found after its stock was set');
  return merchantProductView(saved);
}

export interface SetProductImageOptions {
  tx: Database;
  merchantId: number;
  programId: string;
  sku: string;
  /** The picture checked and resized for a product (prepareImage), before the transaction. */
  picture: Awaited<ReturnType<typeof prepareImage>>;
  /** The deployment's file store; null keeps the sizes in the database. */
  blobs: BlobStore | null;
}

/**
 * Gives the program's product of this SKU a new picture, stored in every size as the CSV import
 * stores its pictures. The picture it replaces stays stored: pages and caches may still name it.
 */
export async function setProductImage({ tx, merchantId, programId, sku, picture, blobs }: SetProductImageOptions): Promise<IntegrationProduct> {
  await programOf(tx, { merchantId, programId });
  if (!(await findProductBySku(tx, { merchantId, programId, sku }))) throw new AppError('PRODUCT_NOT_FOUND', { message: `No product has the SKU ${sku} in this program` });
  const image = await saveResizedImage({ db: tx, merchantId, resized: picture, blobs });
  await updateImageBySku(tx, { merchantId, programId, sku, imageId: image.id });
  const saved = await findProductBySku(tx, { merchantId, programId, sku });
  if (!saved) throw new Error('The product was not found after its picture was set');
  return merchantProductView(saved);
}
