import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { users } from '../auth/users.table.ts';
import { cards, type CardRow } from '../card-access/cards.table.ts';
import { programs } from '../programs/programs.table.ts';
import { voucherTemplates, vouchers } from '../vouchers/vouchers.table.ts';
import { voucherGifts, type NewVoucherGiftRow, type VoucherGiftRow } from './gifts.table.ts';

/** The sender's card and wallet show the vouchers they hold, gifts pending among them: every write to a gift says so. */
function changedSenders(db: Database, gifts: ReadonlyArray<Pick<VoucherGiftRow, 'senderCardId' | 'senderUserId'>>): void {
  if (gifts.length > 0) publishAfterCommit(db, [...new Set(gifts.flatMap((gift) => [changeTags.card(gift.senderCardId), changeTags.wallet(gift.senderUserId)]))]);
}

export async function insertGift(tx: Database, values: NewVoucherGiftRow): Promise<VoucherGiftRow> {
  const [row] = await tx.insert(voucherGifts).values(values).returning();
  if (!row) throw new Error('The gift was not written');
  changedSenders(tx, [row]);
  return row;
}

export async function findGiftByTokenHash(db: Database, { merchantId, tokenHash }: { merchantId: number; tokenHash: string }): Promise<VoucherGiftRow | undefined> {
  const [row] = await db
    .select()
    .from(voucherGifts)
    .where(and(eq(voucherGifts.merchantId, merchantId), eq(voucherGifts.tokenHash, tokenHash)))
    .limit(1);
  return row;
}

export async function findGift(db: Database, giftId: string): Promise<VoucherGiftRow | undefined> {
  const [row] = await db.select().from(voucherGifts).where(eq(voucherGifts.id, giftId)).limit(1);
  return row;
}

/** Locks the gift's row until the transaction ends, so two claims (or a claim and a cancel) run one after the other. */
export async function lockGift(tx: Database, giftId: string): Promise<VoucherGiftRow | undefined> {
  const [row] = await tx.select().from(voucherGifts).where(eq(voucherGifts.id, giftId)).limit(1).for('update');
  return row;
}

/** The voucher's gift stored as pending, whether or not its expiry has passed. */
export async function findStoredPendingGift(db: Database, voucherId: string): Promise<VoucherGiftRow | undefined> {
  const [row] = await db
    .select()
    .from(voucherGifts)
    .where(and(eq(voucherGifts.voucherId, voucherId), eq(voucherGifts.status, 'pending')))
    .limit(1);
  return row;
}

export async function updateGift(tx: Database, giftId: string, values: Partial<Omit<VoucherGiftRow, 'id'>>): Promise<VoucherGiftRow> {
  const [row] = await tx.update(voucherGifts).set(values).where(eq(voucherGifts.id, giftId)).returning();
  if (!row) throw new Error('The gift was not updated');
  changedSenders(tx, [row]);
  return row;
}

/** The gifts of these vouchers, newest first. */
export async function findGiftsOfVouchers(db: Database, voucherIds: readonly string[]): Promise<VoucherGiftRow[]> {
  if (voucherIds.length === 0) return [];
  return db
    .select()
    .from(voucherGifts)
    .where(inArray(voucherGifts.voucherId, [...voucherIds]))
    .orderBy(desc(voucherGifts.createdAt), desc(voucherGifts.id));
}

/** The sender's latest gift of the voucher, locked when `lock` (a cancel). */
export async function findLatestSentGift(
  db: Database,
  { merchantId, senderUserId, voucherId, lock = false }: { merchantId: number; senderUserId: string; voucherId: string; lock?: boolean },
): Promise<VoucherGiftRow | undefined> {
  const query = db
    .select()
    .from(voucherGifts)
    .where(and(eq(voucherGifts.merchantId, merchantId), eq(voucherGifts.senderUserId, senderUserId), eq(voucherGifts.voucherId, voucherId)))
    .orderBy(desc(voucherGifts.createdAt), desc(voucherGifts.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Stores as returned every pending gift past its expiry, in one statement; answers them. */
export async function returnGiftsPast(db: Database, now: Date): Promise<Pick<VoucherGiftRow, 'id' | 'senderUserId' | 'senderCardId'>[]> {
  const returned = await db
    .update(voucherGifts)
    .set({ status: 'returned', returnedAt: voucherGifts.expiresAt, pinHash: null, tokenSealed: null })
    .where(and(eq(voucherGifts.status, 'pending'), lte(voucherGifts.expiresAt, now)))
    .returning({ id: voucherGifts.id, senderUserId: voucherGifts.senderUserId, senderCardId: voucherGifts.senderCardId });
  changedSenders(db, returned);
  return returned;
}

/** What a gift gives, as the friend sees it before the PIN: the voucher's template and program. */
export interface GiftedVoucher {
  name: string;
  valueText: string | null;
  imageId: string | null;
  usableAt: (typeof voucherTemplates.$inferSelect)['usableAt'];
  expiresAt: Date;
  programId: string;
  programName: string;
}

export async function findGiftedVoucher(db: Database, voucherId: string): Promise<GiftedVoucher | undefined> {
  const [row] = await db
    .select({
      name: voucherTemplates.name,
      valueText: voucherTemplates.valueText,
      imageId: voucherTemplates.imageId,
      usableAt: voucherTemplates.usableAt,
      expiresAt: vouchers.expiresAt,
      programId: programs.id,
      programName: programs.name,
    })
    .from(vouchers)
    .innerJoin(voucherTemplates, eq(voucherTemplates.id, vouchers.templateId))
    .innerJoin(programs, eq(programs.id, voucherTemplates.programId))
    .where(eq(vouchers.id, voucherId))
    .limit(1);
  return row;
}

export async function findSender(db: Database, userId: string): Promise<{ name: string | null; phone: string | null; email: string | null; country: string } | undefined> {
  const [row] = await db.select({ name: users.name, phone: users.phone, email: users.email, country: users.country }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The member's active card of the program that receives a gift: not archived first, then the oldest. */
export async function findClaimerCard(db: Database, { merchantId, userId, programId }: { merchantId: number; userId: string; programId: string }): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.merchantId, merchantId), eq(cards.ownerUserId, userId), eq(cards.programId, programId), eq(cards.status, 'active')))
    .orderBy(asc(cards.archived), asc(cards.createdAt), asc(cards.id))
    .limit(1);
  return row;
}
