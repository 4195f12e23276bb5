import type { BlobStore } from '../storage/blob-store.ts';
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { CUSTOM_VALUE_MAX_AMOUNT, IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '@kartu/core/constants';
import { PRODUCT_TYPES } from '@kartu/core/cart';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { prepareImage, saveResizedImage } from '../media/images.service.ts';
import { saveProduct } from './merchant-catalog.service.ts';

/*
 * A merchant's products from a CSV file, all or nothing: every row is checked (and every picture it
 * names decoded) before anything is written, and any bad row stops the import with its line named.
 * Products are matched by SKU in the program, so importing a corrected file again updates them.
 */

/** The columns a product file may have; the first line names them, in any order. */
export const productImportColumns = [
  'sku',
  'name',
  'category',
  'type',
  'price_points',
  'price_money',
  'stock',
  'max_per_order',
  'weight_grams',
  'precious_metal',
  'custom_value_max',
  'donation',
  'exclusive_category',
  'description',
  'terms',
  'image',
  'active',
] as const;
const requiredColumns = ['sku', 'name', 'category', 'type'] as const;

/** The most rows one file takes: a catalog, not a warehouse. */
export const PRODUCT_IMPORT_MAX_ROWS = 5_000;

const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `is longer than ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `is longer than ${max} characters`)
    .transform((value) => (value === '' ? null : value));
const wholeNumber = ({ min, max }: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '') return null;
      const number = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(number) || number < min || number > max) {
        context.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return number;
    });
const yesNo = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, context) => {
    if (value === '') return null;
    if (['yes', 'true', '1'].includes(value)) return true;
    if (['no', 'false', '0'].includes(value)) return false;
    context.addIssue({ code: 'custom', message: 'must be yes or no' });
    return z.NEVER;
  });

const rowSchema = z
  .object({
    sku: text(64),
    name: text(200),
    category: text(100),
    type: z.string().trim().pipe(z.enum(PRODUCT_TYPES, { message: `must be one of ${PRODUCT_TYPES.join(', ')}` })),
    price_points: wholeNumber({ min: 0, max: 1_000_000_000 }),
    price_money: wholeNumber({ min: 0, max: 1_000_000_000_000 }),
    stock: wholeNumber({ min: 0, max: 100_000_000 }),
    max_per_order: wholeNumber({ min: 1, max: 10_000 }),
    weight_grams: wholeNumber({ min: 0, max: 1_000_000 }),
    precious_metal: yesNo,
    custom_value_max: wholeNumber({ min: 1, max: CUSTOM_VALUE_MAX_AMOUNT }),
    donation: yesNo,
    exclusive_category: yesNo,
    description: optionalText(5_000),
    terms: optionalText(5_000),
    image: optionalText(500),
    active: yesNo,
  })
  .partial({ price_points: true, price_money: true, stock: true, max_per_order: true, weight_grams: true, precious_metal: true, custom_value_max: true, donation: true, exclusive_category: true, description: true, terms: true, image: true, active: true })
  .refine((row) => (row.price_points ?? null) !== null || (row.price_money ?? null) !== null, { message: 'needs price_points, price_money or both', path: ['price_points'] })
  .refine((row) => row.type !== 'custom_value' || ((row.price_points ?? null) === null && (row.price_money ?? 0) >= 1 && (row.price_money ?? 0) <= CUSTOM_VALUE_MAX_AMOUNT), {
    message: `a custom_value product is priced in money alone: price_money is its minimum, from 1 to ${CUSTOM_VALUE_MAX_AMOUNT}`,
    path: ['price_money'],
  })
  .refine((row) => row.type !== 'custom_value' || (row.custom_value_max ?? null) === null || (row.custom_value_max ?? 0) >= (row.price_money ?? 0), { message: 'may not be below price_money', path: ['custom_value_max'] })
  .refine((row) => row.type === 'custom_value' || ((row.custom_value_max ?? null) === null && !row.donation), { message: 'is for custom_value products', path: ['custom_value_max'] });
type ProductImportRow = z.output<typeof rowSchema>;

export interface ImportProblem {
  /** The file's line the row ends on, the header being line 1 (a row's only line, unless a quoted field spans lines). */
  line: number;
  message: string;
}

export interface ProductImportResult {
  created: number;
  updated: number;
  categoriesCreated: number;
}

/** Thrown with every bad row when a file cannot be imported; nothing was written. */
export class ProductImportError extends Error {
  readonly problems: ImportProblem[];

  constructor(problems: ImportProblem[]) {
    super(problems.map(({ line, message }) => `line ${line}: ${message}`).join('\n'));
    this.name = 'ProductImportError';
    this.problems = problems;
  }
}

function issueText(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return field ? `${field} ${issue.message}` : issue.message;
}

interface ParsedRow {
  line: number;
  record: Record<string, string>;
}

function parseRows(csv: string): ParsedRow[] {
  try {
    const rows = parse(csv, { bom: true, columns: true, skip_empty_lines: true, info: true }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
    return rows.map(({ record, info }) => ({ line: info.lines, record }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new ProductImportError([{ line, message: error.message.replace(/^[A-Z_]+: /, '') }]);
    }
    throw error;
  }
}

function checkHeader(csv: string): void {
  const [header] = parse(csv, { bom: true, to_line: 1 }) as string[][];
  const names = (header ?? []).map((name) => name.trim());
  const unknown = names.filter((name) => !(productImportColumns as readonly string[]).includes(name));
  const missing = requiredColumns.filter((name) => !names.includes(name));
  const problems = [
    ...unknown.map((name) => `unknown column "${name}" (the columns are ${productImportColumns.join(', ')})`),
    ...missing.map((name) => `the column "${name}" is missing`),
  ];
  if (problems.length > 0) throw new ProductImportError(problems.map((message) => ({ line: 1, message })));
}

/** A picture named by a row, relative to the CSV file's folder. */
async function readPicture(path: string, { baseDir }: { baseDir: string }): Promise<Buffer> {
  const file = resolve(baseDir, path);
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) throw new Error(`image: no file at ${path}`);
  if (found.size > IMAGE_MAX_BYTES) throw new Error(`image: ${path} is larger than ${IMAGE_MAX_MB} MB`);
  return readFile(file);
}

/**
 * Imports the products of a CSV file into a program's catalog, all or nothing. `csvPath` is where
 * the file is; the pictures its rows name are read relative to its folder.
 */
export async function importProducts({
  db,
  merchantId,
  programId,
  currency,
  csv,
  csvPath,
  blobs = null,
}: {
  db: Database;
  merchantId: number;
  programId: string;
  currency: string;
  csv: string;
  csvPath: string;
  /** The deployment's file store for the pictures; absent keeps them in the database. */
  blobs?: BlobStore | null;
}): Promise<ProductImportResult> {
  checkHeader(csv);
  const parsed = parseRows(csv);
  if (parsed.length === 0) throw new ProductImportError([{ line: 2, message: 'the file has no products' }]);
  if (parsed.length > PRODUCT_IMPORT_MAX_ROWS) throw new ProductImportError([{ line: parsed[PRODUCT_IMPORT_MAX_ROWS]!.line, message: `a file takes at most ${PRODUCT_IMPORT_MAX_ROWS} products` }]);

  const problems: ImportProblem[] = [];
  const rows: Array<{ line: number; row: ProductImportRow }> = [];
  const skuLines = new Map<string, number>();
  for (const { line, record } of parsed) {
    const checked = rowSchema.safeParse(record);
    if (!checked.success) {
      problems.push(...checked.error.issues.map((issue) => ({ line, message: issueText(issue) })));
      continue;
    }
    const first = skuLines.get(checked.data.sku);
    if (first !== undefined) problems.push({ line, message: `sku ${checked.data.sku} is already on line ${first}` });
    else skuLines.set(checked.data.sku, line);
    rows.push({ line, row: checked.data });
  }

  // Every picture is decoded and resized before anything is written: a bad one is a bad row.
  const baseDir = dirname(resolve(csvPath));
  const pictures = new Map<number, Awaited<ReturnType<typeof prepareImage>>>();
  for (const { line, row } of rows) {
    if (!row.image) continue;
    try {
      pictures.set(line, await prepareImage({ purpose: 'product', bytes: await readPicture(row.image, { baseDir }) }));
    } catch (error) {
      problems.push({ line, message: error instanceof AppError ? `image: ${error.message}` : error instanceof Error ? error.message : String(error) });
    }
  }
  if (problems.length > 0) throw new ProductImportError(problems.sort((a, b) => a.line - b.line));

  return db.transaction(async (tx) => {
    const result: ProductImportResult = { created: 0, updated: 0, categoriesCreated: 0 };
    for (const [index, { line, row }] of rows.entries()) {
      const picture = pictures.get(line);
      const image = picture ? await saveResizedImage({ db: tx, merchantId, resized: picture, blobs }) : undefined;
      const saved = await saveProduct({
        tx,
        merchantId,
        programId,
        currency,
        product: {
          sku: row.sku,
          name: row.name,
          category: row.category,
          categoryExclusive: row.exclusive_category ?? undefined,
          type: row.type,
          pricePoints: row.price_points ?? null,
          priceMoney: row.price_money ?? null,
          stock: row.stock ?? null,
          maxPerOrder: row.max_per_order ?? 10,
          weightGrams: row.weight_grams ?? null,
          isPreciousMetal: row.precious_metal ?? false,
          customValueMax: row.custom_value_max ?? null,
          isDonation: row.donation ?? false,
          description: row.description ?? null,
          terms: row.terms ?? null,
          active: row.active ?? true,
          // The file's order is the catalog's; a row without a picture keeps the product's.
          sortOrder: index + 1,
          imageId: image?.id,
        },
      });
      if (saved.categoryCreated) result.categoriesCreated += 1;
      if (saved.created) result.created += 1;
      else result.updated += 1;
    }
    return result;
  });
}
