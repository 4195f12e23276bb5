import { and, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { integrationPurchases, type IntegrationPurchaseRow } from './purchases.table.ts';

type NewPurchase = typeof integrationPurchases.$inferInsert;

/** Records a bill; undefined when the merchant already reported this bill number. */
export async function insertPurchaseUnlessBilled(tx: Database, row: NewPurchase): Promise<IntegrationPurchaseRow | undefined> {
  const [saved] = await tx.insert(integrationPurchases).values(row).onConflictDoNothing().returning().prepare('insert_purchase').execute();
  return saved;
}

interface BillKey {
  merchantId: number;
  billNumber: string;
}

const byBill = ({ merchantId, billNumber }: BillKey) =>
  and(eq(integrationPurchases.merchantId, merchantId), eq(integrationPurchases.billNumber, billNumber));

/** The purchase of a bill, locked until the transaction ends so two voids cannot both pass. */
export async function lockPurchase(tx: Database, key: BillKey): Promise<IntegrationPurchaseRow | undefined> {
  const [row] = await tx.select().from(integrationPurchases).where(byBill(key)).for('update').limit(1);
  return row;
}

export async function markPurchaseVoided(tx: Database, key: BillKey & { voidEntryId: string | null; now: Date }): Promise<void> {
  await tx.update(integrationPurchases).set({ voidedAt: key.now, voidEntryId: key.voidEntryId }).where(byBill(key));
}

export async function findBillSince(db: Database, { merchantId, cardIds, since }: { merchantId: number; cardIds: string[]; since: Date }): Promise<IntegrationPurchaseRow | undefined> {
  if (cardIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(integrationPurchases)
    .where(
      and(
        inArray(integrationPurchases.cardId, cardIds),
        gte(integrationPurchases.createdAt, since),
        eq(integrationPurchases.merchantId, merchantId),
        gt(integrationPurchases.amount, 0n),
        isNull(integrationPurchases.voidedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function sumBillsBetween(db: Database, { merchantId, cardIds, from, to }: { merchantId: number; cardIds: string[]; from: Date; to: Date }): Promise<bigint> {
  if (cardIds.length === 0) return 0n;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${integrationPurchases.amount}), 0)` })
    .from(integrationPurchases)
    .where(
      and(
        inArray(integrationPurchases.cardId, cardIds),
        gte(integrationPurchases.createdAt, from),
        lt(integrationPurchases.createdAt, to),
        eq(integrationPurchases.merchantId, merchantId),
        isNull(integrationPurchases.voidedAt),
      ),
    );
  return BigInt(row?.total ?? '0');
}
