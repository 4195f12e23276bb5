import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { merchants } from '../modules/tenancy/merchants.table.ts';
import { sites } from '../modules/tenancy/sites.table.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isEmptyDatabase, seedDemo } from './seed.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function snapshot() {
  const [merchantCount] = await testApp.db.select({ value: count() }).from(merchants);
  const [siteCount] = await testApp.db.select({ value: count() }).from(sites);
  const hosts = await testApp.db.select({ host: sites.host, merchantId: sites.merchantId }).from(sites).orderBy(sites.host);
  return { merchants: merchantCount?.value, sites: siteCount?.value, hosts };
}

describe('seedDemo', () => {
  it('can run again and again without adding rows', async () => {
    const before = await snapshot();
    await seedDemo(testApp.db);
    await seedDemo(testApp.db);
    expect(await snapshot()).toEqual(before);
    expect(before.merchants).toBe(3);
    expect(before.hosts.map((row) => row.host)).toEqual(['127.0.0.1', 'age.localhost', 'localhost', 'v2.localhost']);
  });

  it('leaves the database no longer empty', async () => {
    expect(await isEmptyDatabase(testApp.db)).toBe(false);
  });
});
