import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { cards } from '../card-access/cards.table.ts';
import { cashiers, outlets } from '../outlets/outlets.table.ts';
import { programs } from '../programs/programs.table.ts';
import { giftCardCharges, giftCards, type GiftCardChargeRow, type GiftCardRow } from './gift-cards.table.ts';

export async function insertGiftCard(tx: Database, values: typeof giftCards.$inferInsert): Promise<GiftCardRow> {
  const [row] = await tx.insert(giftCards).values(values).returning();
  if (!row) throw new Error('The gift card was not written');
  publishAfterCommit(tx, [changeTags.card(row.cardId)]);
  return row;
}

export async function findGiftCardOfVoucher(db: Database, voucherId: string): Promise<GiftCardRow | undefined> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.voucherId, voucherId)).limit(1);
  return row;
}

/** A gift card with its card and program, as the member's page and the till read it. */
async function findGiftCardWhere(db: Database, condition: SQL | undefined) {
  const [row] = await db
    .select({ giftCard: giftCards, card: cards, program: { name: programs.name, currencyCode: programs.currencyCode } })
    .from(giftCards)
    .innerJoin(cards, eq(cards.id, giftCards.cardId))
    .innerJoin(programs, eq(programs.id, cards.programId))
    .where(condition)
    .limit(1);
  return row;
}

export type GiftCardView = Awaited<ReturnType<typeof findGiftCardWhere>>;

/** The gift cards these vouchers became once activated, by voucher. */
export async function findCardsOfVouchers(db: Database, voucherIds: readonly string[]): Promise<Array<{ voucherId: string; cardId: string }>> {
  if (voucherIds.length === 0) return [];
  return db.select({ voucherId: giftCards.voucherId, cardId: giftCards.cardId }).from(giftCards).where(inArray(giftCards.voucherId, [...voucherIds]));
}

export async function findGiftCard(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<GiftCardView> {
  return findGiftCardWhere(db, and(eq(giftCards.merchantId, merchantId), eq(giftCards.cardId, cardId)));
}

export async function findGiftCardByPayCode(db: Database, { merchantId, payCode }: { merchantId: number; payCode: string }): Promise<GiftCardView> {
  return findGiftCardWhere(db, and(eq(giftCards.merchantId, merchantId), eq(giftCards.payCode, payCode)));
}

export async function insertCharge(tx: Database, values: typeof giftCardCharges.$inferInsert): Promise<GiftCardChargeRow> {
  const [row] = await tx.insert(giftCardCharges).values(values).returning();
  if (!row) throw new Error('The gift card charge was not written');
  publishAfterCommit(tx, [changeTags.card(row.cardId)]);
  return row;
}

export async function findChargeByRequestKey(tx: Database, { cardId, requestKey }: { cardId: string; requestKey: string }): Promise<GiftCardChargeRow | undefined> {
  const [row] = await tx.select().from(giftCardCharges).where(and(eq(giftCardCharges.cardId, cardId), eq(giftCardCharges.requestKey, requestKey))).limit(1);
  return row;
}

const chargeView = { charge: giftCardCharges, outletName: outlets.name, cashierName: cashiers.name };

export type ChargeView = Awaited<ReturnType<typeof listCharges>>[number];

export async function listCharges(db: Database, { cardId, limit }: { cardId: string; limit: number }) {
  return db
    .select(chargeView)
    .from(giftCardCharges)
    .innerJoin(outlets, eq(outlets.id, giftCardCharges.outletId))
    .leftJoin(cashiers, eq(cashiers.id, giftCardCharges.cashierId))
    .where(eq(giftCardCharges.cardId, cardId))
    .orderBy(desc(giftCardCharges.chargedAt), desc(giftCardCharges.id))
    .limit(limit);
}

export async function findCharge(db: Database, { merchantId, chargeId }: { merchantId: number; chargeId: string }): Promise<ChargeView | undefined> {
  const [row] = await db
    .select(chargeView)
    .from(giftCardCharges)
    .innerJoin(outlets, eq(outlets.id, giftCardCharges.outletId))
    .leftJoin(cashiers, eq(cashiers.id, giftCardCharges.cashierId))
    .where(and(eq(giftCardCharges.merchantId, merchantId), eq(giftCardCharges.id, chargeId)))
    .limit(1);
  return row;
}

export async function lockCharge(tx: Database, { merchantId, chargeId }: { merchantId: number; chargeId: string }): Promise<GiftCardChargeRow | undefined> {
  const [row] = await tx
    .select()
    .from(giftCardCharges)
    .where(and(eq(giftCardCharges.merchantId, merchantId), eq(giftCardCharges.id, chargeId)))
    .limit(1)
    .for('update');
  return row;
}

export async function setChargeVoided(tx: Database, { chargeId, voidedAt, voidEntryId }: { chargeId: string; voidedAt: Date; voidEntryId: string }): Promise<GiftCardChargeRow> {
  const [row] = await tx.update(giftCardCharges).set({ voidedAt, voidEntryId }).where(eq(giftCardCharges.id, chargeId)).returning();
  if (!row) throw new Error('The gift card charge was not voided');
  publishAfterCommit(tx, [changeTags.card(row.cardId)]);
  return row;
}
