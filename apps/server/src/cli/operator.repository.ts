import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { merchants, type MerchantRow, type NewMerchantRow } from '../modules/tenancy/merchants.table.ts';
import { sites, type NewSiteRow, type SiteRow } from '../modules/tenancy/sites.table.ts';

// The operator's writes to tenancy tables: only the CLI creates merchants and sites.

/** Inserts a merchant; undefined when its mid or masked id is taken. */
export async function insertMerchantUnlessTaken(db: Database, row: NewMerchantRow): Promise<MerchantRow | undefined> {
  const [saved] = await db.insert(merchants).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function findMerchantByMid(db: Database, mid: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.mid, mid)).limit(1);
  return row;
}

export async function listMerchantsWithHosts(db: Database): Promise<Array<MerchantRow & { hosts: string[] }>> {
  const rows = await db
    .select({ merchant: merchants, host: sites.host })
    .from(merchants)
    .leftJoin(sites, eq(sites.merchantId, merchants.id))
    .orderBy(asc(merchants.id), asc(sites.host));
  const byId = new Map<number, MerchantRow & { hosts: string[] }>();
  for (const { merchant, host } of rows) {
    const entry = byId.get(merchant.id) ?? { ...merchant, hosts: [] };
    if (host) entry.hosts.push(host);
    byId.set(merchant.id, entry);
  }
  return [...byId.values()];
}

/** Inserts a site; undefined when the host already serves a merchant. */
export async function insertSiteUnlessTaken(db: Database, row: NewSiteRow): Promise<SiteRow | undefined> {
  const [saved] = await db.insert(sites).values(row).onConflictDoNothing().returning();
  return saved;
}
