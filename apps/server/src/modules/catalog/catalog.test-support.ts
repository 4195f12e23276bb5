import type { TestApp } from '../../test/test-app.ts';
import { newProgram } from '../cards/cards.test-support.ts';
import { createCatalogCategory, createProduct } from './catalog.service.ts';
import type { NewProductRow, ProductRow } from './catalog.table.ts';

// Shared steps of the shop tests: a program with a catalog of every kind of product.

export interface TestCatalog {
  programId: string;
  categories: { drinks: string; merch: string; collector: string };
  products: Record<'voucher' | 'beans' | 'mixed' | 'moneyOnly' | 'mug' | 'tumbler' | 'gold' | 'ebook' | 'retired', ProductRow>;
}

export async function newCatalog(testApp: TestApp, merchantId: number): Promise<TestCatalog> {
  const program = await newProgram(testApp, merchantId, { name: 'Shop Points', visualAttributes: { showBtnShop: true } });
  const db = testApp.db;
  const category = async (name: string, sortOrder: number, isExclusive = false) =>
    (await createCatalogCategory({ db, category: { merchantId, programId: program.id, name, sortOrder, isExclusive } })).id;
  const categories = { drinks: await category('Drinks', 1), merch: await category('Merchandise', 2), collector: await category("Collector's corner", 3, true) };
  let sortOrder = 0;
  const product = (categoryId: string, fields: Omit<NewProductRow, 'merchantId' | 'programId' | 'categoryId' | 'currency' | 'sku'> & { sku?: string }) => {
    sortOrder += 1;
    return createProduct({ db, product: { merchantId, programId: program.id, categoryId, currency: 'IDR', sku: `SKU-${sortOrder}`, sortOrder, ...fields } });
  };
  const products = {
    voucher: await product(categories.drinks, { type: 'evoucher', name: 'Kopi Susu voucher', pricePoints: 250n, stock: null }),
    beans: await product(categories.drinks, { type: 'physical', name: 'Gayo beans 250 g', pricePoints: 900n, stock: 150, weightGrams: 250 }),
    mixed: await product(categories.drinks, { type: 'physical', name: 'Toraja beans 100% arabica', pricePoints: 1_000n, priceMinor: 25_000n, stock: 7, maxPerOrder: 5, weightGrams: 250 }),
    moneyOnly: await product(categories.drinks, { type: 'physical', name: 'Drip bags', priceMinor: 85_000n, stock: 60, weightGrams: 120 }),
    mug: await product(categories.merch, { type: 'physical', name: 'Enamel mug', pricePoints: 1_200n, stock: 0, weightGrams: 350 }),
    tumbler: await product(categories.merch, { type: 'physical', name: 'Tumbler', pricePoints: 1_500n, stock: 40, weightGrams: 420 }),
    gold: await product(categories.collector, { type: 'physical', name: 'Gold bar 1 g', pricePoints: 5_000n, priceMinor: 1_300_000n, stock: 20, weightGrams: 1, isPreciousMetal: true }),
    ebook: await product(categories.merch, { type: 'digital', name: 'Brewing e-book', pricePoints: 300n, stock: null }),
    retired: await product(categories.merch, { type: 'physical', name: 'Retired cap', pricePoints: 700n, stock: 5, isActive: false }),
  };
  return { programId: program.id, categories, products };
}

/** A custom-value product of the catalog: its value chosen from `min` (its money price) to `max`, or to the general cap. */
export function newCustomValueProduct(testApp: TestApp, merchantId: number, catalog: TestCatalog, { name, min, max = null, isDonation = false }: { name: string; min: bigint; max?: bigint | null; isDonation?: boolean }) {
  return createProduct({
    db: testApp.db,
    product: { merchantId, programId: catalog.programId, categoryId: catalog.categories.drinks, currency: 'IDR', sku: `CUSTOM-${name}`, type: 'custom_value', name, priceMinor: min, customValueMaxMinor: max, isDonation, stock: null, maxPerOrder: 1 },
  });
}
