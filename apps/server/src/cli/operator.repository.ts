import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/uuid.ts';
import { changeTags, publishAfterCommit } from '../lib/change-feed.ts';
import { programs, type ProgramRow } from '../modules/programs/programs.table.ts';
import { merchants, type MerchantRow, type NewMerchantRow } from '../modules/tenancy/merchants.table.ts';
import { sites, type NewSiteRow, type SiteRow } from '../modules/tenancy/sites.table.ts';

// The operator's writes to tenancy tables: only the CLI creates merchants and sites.

/** Inserts a merchant; undefined when its mid or masked id is taken. */
export async function insertMerchantUnlessTaken(db: Database, row: NewMerchantRow): Promise<MerchantRow | undefined> {
  const [saved] = await db.insert(merchants).values(row).onConflictDoNothing().returning();
  return saved;
}

/** What an operator may change on a merchant after creating it. */
export type MerchantSettings = Partial<Pick<NewMerchantRow, 'defaultLogin' | 'acceptsBothLogins' | 'supportPhone' | 'supportEmail' | 'gaId' | 'fbPixelId'>>;

/** Changes a merchant's settings; every instance's cached sites of it are dropped once committed. */
export async function updateMerchantSettings(db: Database, id: number, settings: MerchantSettings): Promise<MerchantRow> {
  const [saved] = await db
    .update(merchants)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(merchants.id, id))
    .returning();
  if (!saved) throw new Error(`The merchant ${id} is gone`);
  publishAfterCommit(db, [changeTags.merchant(id)]);
  return saved;
}

export async function findMerchantByMid(db: Database, mid: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.mid, mid)).limit(1);
  return row;
}

/** A program by its id, whichever merchant's; undefined for none (a malformed id included). */
export async function findProgramById(db: Database, id: string): Promise<ProgramRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(programs).where(eq(programs.id, id)).limit(1);
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
