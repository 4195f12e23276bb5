import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { merchants, type MerchantRow } from './merchants.table.ts';
import { sites, type SiteRow } from './sites.table.ts';

export async function findSiteWithMerchantByHost(
  db: Database,
  host: string,
): Promise<{ site: SiteRow; merchant: MerchantRow } | undefined> {
  const [row] = await db
    .select({ site: sites, merchant: merchants })
    .from(sites)
    .innerJoin(merchants, eq(merchants.id, sites.merchantId))
    .where(eq(sites.host, host))
    .limit(1);
  return row;
}

// merchants.id is a PostgreSQL integer; a larger id cannot exist and would fail the query.
const largestMerchantId = 2_147_483_647;

export async function findMerchantById(db: Database, id: number): Promise<MerchantRow | undefined> {
  if (!Number.isInteger(id) || id < 1 || id > largestMerchantId) return undefined;
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row;
}

/** Every merchant with its time zone, for work the server does for all of them. */
export async function findMerchantTimeZones(db: Database): Promise<Array<{ merchantId: number; timeZone: string }>> {
  return db.select({ merchantId: merchants.id, timeZone: merchants.timezone }).from(merchants).orderBy(merchants.id);
}
