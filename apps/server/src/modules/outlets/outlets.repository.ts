import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cashiers, outlets, storeVisits, type CashierRow, type OutletRow, type StoreVisitRow } from './outlets.table.ts';

export async function insertOutlet(db: Database, values: typeof outlets.$inferInsert): Promise<OutletRow> {
  const [row] = await db.insert(outlets).values(values).returning();
  if (!row) throw new Error('The outlet was not written');
  return row;
}

export async function upsertOutlet(db: Database, values: typeof outlets.$inferInsert & { id: string }): Promise<OutletRow> {
  const { id: _id, ...changes } = values;
  const [row] = await db.insert(outlets).values(values).onConflictDoUpdate({ target: outlets.id, set: changes }).returning();
  if (!row) throw new Error('The outlet was not written');
  return row;
}

export async function insertCashier(db: Database, values: typeof cashiers.$inferInsert): Promise<CashierRow> {
  const [row] = await db.insert(cashiers).values(values).returning();
  if (!row) throw new Error('The cashier was not written');
  return row;
}

export async function findOutletByCodeHash(db: Database, { merchantId, codeHash }: { merchantId: number; codeHash: string }): Promise<OutletRow | undefined> {
  const [row] = await db.select().from(outlets).where(and(eq(outlets.merchantId, merchantId), eq(outlets.codeHash, codeHash), eq(outlets.isActive, true))).limit(1);
  return row;
}

export async function findOutlet(db: Database, { merchantId, outletId }: { merchantId: number; outletId: string }): Promise<OutletRow | undefined> {
  const [row] = await db.select().from(outlets).where(and(eq(outlets.merchantId, merchantId), eq(outlets.id, outletId))).limit(1);
  return row;
}

export async function findCashierByCodeHash(db: Database, { outletId, codeHash }: { outletId: string; codeHash: string }): Promise<CashierRow | undefined> {
  const [row] = await db.select().from(cashiers).where(and(eq(cashiers.outletId, outletId), eq(cashiers.codeHash, codeHash), eq(cashiers.isActive, true))).limit(1);
  return row;
}

export async function findCashier(db: Database, { merchantId, cashierId }: { merchantId: number; cashierId: string }): Promise<CashierRow | undefined> {
  const [row] = await db.select().from(cashiers).where(and(eq(cashiers.merchantId, merchantId), eq(cashiers.id, cashierId))).limit(1);
  return row;
}

/** Undefined when the member's visit to this store was recorded already today. */
export async function insertStoreVisit(db: Database, values: typeof storeVisits.$inferInsert): Promise<StoreVisitRow | undefined> {
  const [row] = await db.insert(storeVisits).values(values).onConflictDoNothing().returning();
  return row;
}

export async function countStoreVisits(db: Database, { merchantId, userId, from, to }: { merchantId: number; userId: string; from: Date; to: Date }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(storeVisits)
    .where(and(eq(storeVisits.merchantId, merchantId), eq(storeVisits.userId, userId), gte(storeVisits.visitedAt, from), lt(storeVisits.visitedAt, to)));
  return row?.total ?? 0;
}

