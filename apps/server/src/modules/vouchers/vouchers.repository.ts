import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { voucherRedemptions, voucherTemplates, vouchers, type NewVoucherRow, type NewVoucherTemplateRow, type VoucherRedemptionRow, type VoucherRow, type VoucherTemplateRow } from './vouchers.table.ts';

export async function insertTemplate(db: Database, values: NewVoucherTemplateRow): Promise<VoucherTemplateRow> {
  const [row] = await db.insert(voucherTemplates).values(values).returning();
  if (!row) throw new Error('The voucher template was not written');
  return row;
}

export async function upsertTemplate(db: Database, values: NewVoucherTemplateRow & { id: string }): Promise<VoucherTemplateRow> {
  const { id: _id, ...changes } = values;
  const [row] = await db.insert(voucherTemplates).values(values).onConflictDoUpdate({ target: voucherTemplates.id, set: changes }).returning();
  if (!row) throw new Error('The voucher template was not written');
  return row;
}

export async function findTemplatesOfProducts(db: Database, { merchantId, productIds }: { merchantId: number; productIds: readonly string[] }): Promise<VoucherTemplateRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(voucherTemplates)
    .where(and(eq(voucherTemplates.merchantId, merchantId), inArray(voucherTemplates.productId, [...productIds]), eq(voucherTemplates.isActive, true)));
}

export async function findTemplates(db: Database, ids: readonly string[]): Promise<VoucherTemplateRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(voucherTemplates).where(inArray(voucherTemplates.id, [...ids]));
}

/** Writes the vouchers a source has not issued yet; those it has are left as they are. */
export async function insertVouchers(db: Database, rows: NewVoucherRow[]): Promise<VoucherRow[]> {
  if (rows.length === 0) return [];
  return db.insert(vouchers).values(rows).onConflictDoNothing({ target: [vouchers.sourceType, vouchers.sourceId, vouchers.templateId, vouchers.sourceIndex] }).returning();
}

/** Still usable at `now`: active and not past its expiry, or pending its code. */
function usable(now: Date): SQL | undefined {
  return or(and(eq(vouchers.status, 'active'), gt(vouchers.expiresAt, now)), eq(vouchers.status, 'pending'));
}

export interface HolderFilter {
  merchantId: number;
  userId: string;
  cardId?: string | undefined;
}

function ofHolder({ merchantId, userId, cardId }: HolderFilter): SQL | undefined {
  return and(eq(vouchers.merchantId, merchantId), eq(vouchers.userId, userId), cardId === undefined ? undefined : eq(vouchers.cardId, cardId));
}

export async function listVouchers(db: Database, { holder, view, hidden, now, limit }: { holder: HolderFilter; view: 'active' | 'history'; hidden: boolean; now: Date; limit: number }): Promise<VoucherRow[]> {
  const inView = view === 'active' ? usable(now) : sql`not (${usable(now)})`;
  return db
    .select()
    .from(vouchers)
    .where(and(ofHolder(holder), inView, eq(vouchers.isHidden, hidden)))
    // Usable ones soonest to expire first; the history's latest to leave the wallet first (used, else expired).
    .orderBy(...(view === 'active' ? [asc(vouchers.expiresAt)] : [desc(sql`coalesce(${vouchers.usedAt}, ${vouchers.expiresAt})`)]), asc(vouchers.id))
    .limit(limit);
}

export async function countUsableVouchers(db: Database, { holder, now }: { holder: HolderFilter; now: Date }): Promise<number> {
  const [row] = await db.select({ value: count() }).from(vouchers).where(and(ofHolder(holder), usable(now), eq(vouchers.isHidden, false)));
  return row?.value ?? 0;
}

export async function findVoucher(db: Database, { merchantId, voucherId }: { merchantId: number; voucherId: string }): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(and(eq(vouchers.id, voucherId), eq(vouchers.merchantId, merchantId))).limit(1);
  return row;
}

export async function setVoucherHidden(db: Database, { voucherId, isHidden }: { voucherId: string; isHidden: boolean }): Promise<VoucherRow | undefined> {
  const [row] = await db.update(vouchers).set({ isHidden }).where(eq(vouchers.id, voucherId)).returning();
  return row;
}

/** Suspends the usable vouchers a source issued (an order cancelled): used ones stay used. */
export async function suspendVouchersOfSource(db: Database, { sourceType, sourceId }: { sourceType: VoucherRow['sourceType']; sourceId: string }): Promise<number> {
  const rows = await db
    .update(vouchers)
    .set({ status: 'suspended' })
    .where(and(eq(vouchers.sourceType, sourceType), eq(vouchers.sourceId, sourceId), eq(vouchers.status, 'active'), isNull(vouchers.usedAt)))
    .returning({ id: vouchers.id });
  return rows.length;
}

export async function lockVoucher(tx: Database, voucherId: string): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).limit(1).for('update');
  return row;
}

/** Hands the voucher to another holder under a new code (a claimed gift): the old holder's copy of the code is worthless. */
export async function moveVoucher(tx: Database, { voucherId, userId, cardId, code }: { voucherId: string; userId: string; cardId: string; code: string }): Promise<VoucherRow> {
  const [row] = await tx.update(vouchers).set({ userId, cardId, code, isHidden: false }).where(eq(vouchers.id, voucherId)).returning();
  if (!row) throw new Error('The voucher was not moved');
  return row;
}

export async function findVoucherByCode(db: Database, { merchantId, code }: { merchantId: number; code: string }): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(and(eq(vouchers.merchantId, merchantId), eq(vouchers.code, code))).limit(1);
  return row;
}

export async function markVoucherUsed(tx: Database, { voucherId, usedAt, usedPlace }: { voucherId: string; usedAt: Date | null; usedPlace: string | null }): Promise<VoucherRow> {
  const [row] = await tx
    .update(vouchers)
    .set({ status: usedAt ? 'used' : 'active', usedAt, usedPlace })
    .where(eq(vouchers.id, voucherId))
    .returning();
  if (!row) throw new Error('The voucher was not updated');
  return row;
}

export async function countRedemptionsOn(db: Database, { merchantId, userId, templateId, day }: { merchantId: number; userId: string; templateId: string; day: string }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.merchantId, merchantId), eq(voucherRedemptions.userId, userId), eq(voucherRedemptions.templateId, templateId), eq(voucherRedemptions.redeemedOn, day), isNull(voucherRedemptions.voidedAt)));
  return row?.value ?? 0;
}

export async function insertRedemption(tx: Database, values: typeof voucherRedemptions.$inferInsert): Promise<VoucherRedemptionRow> {
  const [row] = await tx.insert(voucherRedemptions).values(values).returning();
  if (!row) throw new Error('The redemption was not written');
  return row;
}

export async function lockRedemption(tx: Database, { merchantId, redemptionId }: { merchantId: number; redemptionId: string }): Promise<VoucherRedemptionRow | undefined> {
  const [row] = await tx.select().from(voucherRedemptions).where(and(eq(voucherRedemptions.id, redemptionId), eq(voucherRedemptions.merchantId, merchantId))).limit(1).for('update');
  return row;
}

export async function setRedemptionVoided(tx: Database, { redemptionId, voidedAt }: { redemptionId: string; voidedAt: Date }): Promise<VoucherRedemptionRow> {
  const [row] = await tx.update(voucherRedemptions).set({ voidedAt }).where(eq(voucherRedemptions.id, redemptionId)).returning();
  if (!row) throw new Error('The redemption was not updated');
  return row;
}

export async function findStandingOnlineRedemption(tx: Database, orderId: string): Promise<VoucherRedemptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.orderId, orderId), eq(voucherRedemptions.channel, 'online'), isNull(voucherRedemptions.voidedAt)))
    .limit(1)
    .for('update');
  return row;
}
