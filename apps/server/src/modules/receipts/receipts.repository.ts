import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { receiptCampaigns, receipts, type ReceiptCampaignRow, type ReceiptRow } from './receipts.table.ts';

/** Every column but the photo, which only its own read fetches. */
const receiptColumns = {
  id: receipts.id,
  merchantId: receipts.merchantId,
  userId: receipts.userId,
  cardId: receipts.cardId,
  programId: receipts.programId,
  campaignId: receipts.campaignId,
  status: receipts.status,
  contentType: receipts.contentType,
  byteLength: receipts.byteLength,
  submittedAt: receipts.submittedAt,
  reviewedAt: receipts.reviewedAt,
  amount: receipts.amount,
  billNumber: receipts.billNumber,
  earned: receipts.earned,
  entryId: receipts.entryId,
  note: receipts.note,
};

export type ReceiptSummary = Omit<ReceiptRow, 'bytes'>;

export async function insertCampaign(db: Database, row: typeof receiptCampaigns.$inferInsert): Promise<ReceiptCampaignRow | undefined> {
  const [campaign] = await db.insert(receiptCampaigns).values(row).onConflictDoNothing().returning();
  return campaign;
}

export async function findCampaignByCode(db: Database, { merchantId, code }: { merchantId: number; code: string }): Promise<ReceiptCampaignRow | undefined> {
  const [campaign] = await db
    .select()
    .from(receiptCampaigns)
    .where(and(eq(receiptCampaigns.merchantId, merchantId), eq(receiptCampaigns.code, code)));
  return campaign;
}

export async function findCampaignsByIds(db: Database, ids: string[]): Promise<ReceiptCampaignRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(receiptCampaigns).where(inArray(receiptCampaigns.id, ids));
}

export async function listCampaignsWithCounts(db: Database, merchantId: number): Promise<Array<{ campaign: ReceiptCampaignRow; receipts: number }>> {
  return db
    .select({ campaign: receiptCampaigns, receipts: sql<number>`count(${receipts.id})::int` })
    .from(receiptCampaigns)
    .leftJoin(receipts, eq(receipts.campaignId, receiptCampaigns.id))
    .where(eq(receiptCampaigns.merchantId, merchantId))
    .groupBy(receiptCampaigns.id)
    .orderBy(desc(receiptCampaigns.createdAt), desc(receiptCampaigns.id));
}

export async function insertReceipt(db: Database, row: typeof receipts.$inferInsert): Promise<ReceiptSummary> {
  const [receipt] = await db.insert(receipts).values(row).returning(receiptColumns);
  if (!receipt) throw new Error('The receipt was not saved');
  return receipt;
}

export async function countReceiptsSince(db: Database, { merchantId, userId, since }: { merchantId: number; userId: string; since: Date }): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(receipts)
    .where(and(eq(receipts.merchantId, merchantId), eq(receipts.userId, userId), gt(receipts.submittedAt, since)));
  return row?.sent ?? 0;
}

export async function findCardReceipts(db: Database, { merchantId, cardId, limit }: { merchantId: number; cardId: string; limit: number }): Promise<ReceiptSummary[]> {
  return db
    .select(receiptColumns)
    .from(receipts)
    .where(and(eq(receipts.merchantId, merchantId), eq(receipts.cardId, cardId)))
    .orderBy(desc(receipts.submittedAt), desc(receipts.id))
    .limit(limit);
}

export async function findMerchantReceipts(db: Database, { merchantId, status, limit }: { merchantId: number; status: ReceiptRow['status']; limit: number }): Promise<ReceiptSummary[]> {
  return db
    .select(receiptColumns)
    .from(receipts)
    .where(and(eq(receipts.merchantId, merchantId), eq(receipts.status, status)))
    .orderBy(status === 'submitted' ? receipts.submittedAt : desc(receipts.reviewedAt), receipts.id)
    .limit(limit);
}

export async function findReceipt(db: Database, { merchantId, id, lock = false }: { merchantId: number; id: string; lock?: boolean }): Promise<ReceiptSummary | undefined> {
  const query = db
    .select(receiptColumns)
    .from(receipts)
    .where(and(eq(receipts.merchantId, merchantId), eq(receipts.id, id)));
  const [receipt] = lock ? await query.for('update') : await query;
  return receipt;
}

export async function findReceiptFile(db: Database, { merchantId, id }: { merchantId: number; id: string }): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [file] = await db
    .select({ contentType: receipts.contentType, bytes: receipts.bytes })
    .from(receipts)
    .where(and(eq(receipts.merchantId, merchantId), eq(receipts.id, id)));
  return file;
}

export async function saveReview(
  db: Database,
  { id, ...review }: { id: string; status: 'approved' | 'rejected'; reviewedAt: Date; amount: bigint | null; billNumber: string | null; earned: bigint | null; entryId: string | null; note: string | null },
): Promise<ReceiptSummary> {
  const [receipt] = await db.update(receipts).set(review).where(eq(receipts.id, id)).returning(receiptColumns);
  if (!receipt) throw new Error('The receipt was not found');
  return receipt;
}
