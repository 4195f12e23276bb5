import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isUuid } from '../db/uuid.ts';
import { importProducts, productImportColumns, ProductImportError } from '../modules/catalog/product-import.service.ts';
import { CommandError, merchantByMid, readOptions, required, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

/** The largest product file read: 5,000 rows of long descriptions. */
const MAX_CSV_BYTES = 50 * 1024 * 1024;

/** `kartu products import`: a program's products from a CSV file, all or nothing. */
export async function importProductsCommand(args: string[], { db, out, blobs = null }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, program: { type: 'string' }, file: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const programId = required(values, 'program');
  const program = isUuid(programId) ? await findProgramById(db, programId) : undefined;
  if (!program || program.merchantId !== merchant.id) throw new CommandError(`${merchant.mid} has no program with the id ${programId}`);
  const path = resolve(required(values, 'file'));
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile()) throw new CommandError(`No file at ${path}`);
  if (found.size > MAX_CSV_BYTES) throw new CommandError(`${path} is larger than 50 MB`);
  try {
    const result = await importProducts({ db, merchantId: merchant.id, programId: program.id, currency: merchant.currencyCode, csv: await readFile(path, 'utf8'), csvPath: path, blobs });
    out(
      `Imported ${result.created + result.updated} products into "${program.name}": ${result.created} new, ${result.updated} updated; ${result.categoriesCreated} new categories.`,
    );
  } catch (error) {
    if (error instanceof ProductImportError) {
      throw new CommandError(`Nothing was imported: ${error.problems.length} problem(s) in ${path}\n${error.message}\n(columns: ${productImportColumns.join(', ')})`);
    }
    throw error;
  }
}
