import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { catalogCategories, products } from '../modules/catalog/catalog.table.ts';
import { testPicture } from '../modules/media/media.test-support.ts';
import { imageVariants } from '../modules/media/images.table.ts';
import { newProgram } from '../modules/cards/cards.test-support.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../test/test-app.ts';
import { kartuOn } from './cli.test-support.ts';

let testApp: TestApp;
let dir: string;
let programId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'kartu-import-'));
  programId = (await newProgram(testApp, await merchantIdOf(testApp.db), { name: 'Import Points' })).id;
  await writeFile(join(dir, 'mug.png'), await testPicture({ width: 1000, height: 1000 }));
  await writeFile(join(dir, 'not-a-picture.png'), 'plain text');
});
afterAll(async () => {
  await testApp.close();
  await rm(dir, { recursive: true, force: true });
});

const kartu = kartuOn(() => testApp);

async function importFile(name: string, csv: string, program = programId) {
  const file = join(dir, name);
  await writeFile(file, csv);
  return kartu('products', 'import', '--merchant', 'kopisenja', '--program', program, '--file', file);
}

async function productsOf(program = programId) {
  return testApp.db.select().from(products).where(eq(products.programId, program)).orderBy(products.sortOrder);
}

const header = 'sku,name,category,type,price_points,price_money,stock,max_per_order,weight_grams,precious_metal,exclusive_category,description,image';

describe('kartu products import', () => {
  it('imports every row with its category and picture, then updates the same SKUs from a corrected file', async () => {
    const csv = [
      header,
      'MUG-1,Enamel mug,Merchandise,physical,1200,,0,,350,no,,"A mug, 350 ml",mug.png',
      'EV-1,Kopi voucher,Drinks,evoucher,250,,,5,,,,,',
      'GOLD-1,Gold bar 1 g,Collector,physical,5000,1300000,20,,1,yes,yes,"999.9 fine gold, ""sealed""",',
    ].join('\n');
    const first = await importFile('first.csv', csv);
    expect(first, first.error).toMatchObject({ code: 0, out: 'Imported 3 products into "Import Points": 3 new, 0 updated; 3 new categories.' });
    const rows = await productsOf();
    expect(rows.map((row) => [row.sku, row.type, row.pricePoints, row.priceMinor, row.stock, row.maxPerOrder, row.weightGrams, row.isPreciousMetal])).toEqual([
      ['MUG-1', 'physical', 1_200n, null, 0, 10, 350, false],
      ['EV-1', 'evoucher', 250n, null, null, 5, null, false],
      ['GOLD-1', 'physical', 5_000n, 1_300_000n, 20, 10, 1, true],
    ]);
    expect(rows[2]?.description).toBe('999.9 fine gold, "sealed"');
    const mugImage = rows[0]?.imageId ?? '';
    expect((await testApp.db.select().from(imageVariants).where(eq(imageVariants.imageId, mugImage))).map((variant) => variant.width)).toEqual([240, 480, 960]);
    const [collector] = await testApp.db.select().from(catalogCategories).where(and(eq(catalogCategories.programId, programId), eq(catalogCategories.name, 'Collector')));
    expect(collector?.isExclusive).toBe(true);

    const again = await importFile('again.csv', [header, 'MUG-1,Enamel mug 350 ml,Merchandise,physical,1100,,25,,350,,,,'].join('\n'));
    expect(again).toMatchObject({ code: 0, out: expect.stringContaining('0 new, 1 updated; 0 new categories') });
    const [mug] = (await productsOf()).filter((row) => row.sku === 'MUG-1');
    // A row without a picture keeps the product's picture.
    expect(mug).toMatchObject({ name: 'Enamel mug 350 ml', pricePoints: 1_100n, stock: 25, imageId: mugImage });
  });

  it('names every bad row by its line and imports nothing', async () => {
    const before = await productsOf();
    const csv = [
      header,
      'OK-1,Fine product,Drinks,physical,100,,5,,,,,,',
      'BAD-1,,Drinks,furniture,abc,,-3,0,,maybe,,,',
      'BAD-2,No price,Drinks,physical,,,,,,,,,',
      'OK-1,Same SKU,Drinks,physical,100,,5,,,,,,',
      'BAD-3,Broken picture,Drinks,physical,100,,5,,,,,,not-a-picture.png',
      'BAD-4,Missing picture,Drinks,physical,100,,5,,,,,,nowhere.png',
    ].join('\n');
    const answer = await importFile('bad.csv', csv);
    expect(answer.code).toBe(1);
    expect(answer.error).toContain('Nothing was imported');
    for (const expected of [
      'line 3: name is required',
      'line 3: type must be one of physical, evoucher, meal, digital, custom_value',
      'line 3: price_points must be a whole number from 0 to 1000000000',
      'line 3: stock must be a whole number',
      'line 3: max_per_order must be a whole number from 1 to 10000',
      'line 3: precious_metal must be yes or no',
      'line 4: price_points needs price_points, price_money or both',
      'line 5: sku OK-1 is already on line 2',
      'line 6: image:',
      'line 7: image: no file at nowhere.png',
    ]) {
      expect(answer.error).toContain(expected);
    }
    expect(await productsOf()).toEqual(before);
  });

  it('imports a custom-value product from its minimum to its own maximum, and names a row that prices one otherwise', async () => {
    const customHeader = 'sku,name,category,type,price_points,price_money,custom_value_max,donation';
    const bad = await importFile('bad-custom.csv', [customHeader, 'FUND-X,Fund,Give back,custom_value,100,10000,,yes', 'MUG-X,Mug,Merchandise,physical,100,,5000,'].join('\n'));
    expect(bad.code).toBe(1);
    expect(bad.error).toContain('line 2: price_money a custom_value product is priced in money alone');
    expect(bad.error).toContain('line 3: custom_value_max is for custom_value products');
    const good = await importFile('custom.csv', [customHeader, 'FUND-1,Farmers fund,Give back,custom_value,,10000,5000000,yes'].join('\n'));
    expect(good, good.error).toMatchObject({ code: 0 });
    const [fund] = (await productsOf()).filter((row) => row.sku === 'FUND-1');
    expect(fund).toMatchObject({ type: 'custom_value', pricePoints: null, priceMinor: 10_000n, customValueMaxMinor: 5_000_000n, isDonation: true });
  });

  it('refuses unknown or missing columns, a broken CSV, and a program of another merchant', async () => {
    expect((await importFile('columns.csv', 'sku,name,colour\nA,B,red')).error).toMatch(/line 1: unknown column "colour"[\s\S]*line 1: the column "category" is missing/);
    expect((await importFile('quote.csv', `${header}\nQ-1,"Unclosed,Drinks,physical,1,,,,,,,,`)).error).toContain('Nothing was imported');
    expect((await importFile('ragged.csv', `${header}\nR-1,Too few,Drinks`)).error).toMatch(/line 2:/);
    const luminaProgram = (await newProgram(testApp, await merchantIdOf(testApp.db, 'LUMINABEAUTY'), { name: 'Lumina' })).id;
    expect(await importFile('elsewhere.csv', `${header}\nX-1,X,Drinks,physical,1,,,,,,,,`, luminaProgram)).toMatchObject({ code: 1, error: expect.stringContaining('has no program') });
    expect((await kartu('products', 'import', '--merchant', 'kopisenja', '--program', programId)).code).toBe(2);
  });
});
