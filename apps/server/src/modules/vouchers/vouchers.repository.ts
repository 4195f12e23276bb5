import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { products } from '../catalog/catalog.table.ts';
import { programs } from '../programs/programs.table.ts';
import { voucherRedemptions, voucherTemplates, vouchers, type NewVoucherRow, type NewVoucherTemplateRow, type VoucherRedemptionRow, type VoucherRow, type VoucherTemplateRow } from './vouchers.table.ts';

/** A voucher's card and its holder's wallet show how many vouchers they hold: every write to a voucher says so. */
function changedHolders(db: Database, rows: ReadonlyArray<Pick<VoucherRow, 'cardId' | 'userId'>>): void {
  if (rows.length > 0) publishAfterCommit(db, [...new Set(rows.flatMap((row) => [changeTags.card(row.cardId), changeTags.wallet(row.userId)]))]);
}

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
  const inserted = await db.insert(vouchers).values(rows).onConflictDoNothing({ target: [vouchers.sourceType, vouchers.sourceId, vouchers.templateId, vouchers.sourceIndex] }).returning();
  changedHolders(db, inserted);
  return inserted;
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
  changedHolders(db, row ? [row] : []);
  return row;
}

/**
 * Suspends the vouchers a source issued (an order cancelled) that are usable or still wait for
 * their code, so that neither a partner nor the code job makes them usable later: used ones stay used.
 */
export async function suspendVouchersOfSource(db: Database, { sourceType, sourceId }: { sourceType: VoucherRow['sourceType']; sourceId: string }): Promise<number> {
  const rows = await db
    .update(vouchers)
    .set({ status: 'suspended' })
    .where(and(eq(vouchers.sourceType, sourceType), eq(vouchers.sourceId, sourceId), inArray(vouchers.status, ['active', 'pending']), isNull(vouchers.usedAt)))
    .returning({ cardId: vouchers.cardId, userId: vouchers.userId });
  changedHolders(db, rows);
  return rows.length;
}

export async function lockVoucher(tx: Database, voucherId: string): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).limit(1).for('update');
  return row;
}

/** Hands the voucher to another holder under a new code, or none yet (a claimed gift): the old holder's copy of the code is worthless. */
export async function moveVoucher(
  tx: Database,
  { voucher, userId, cardId, code, status }: { voucher: VoucherRow; userId: string; cardId: string; code: string | null; status: VoucherRow['status'] },
): Promise<VoucherRow> {
  const [row] = await tx.update(vouchers).set({ userId, cardId, code, codeHash: null, codeSealed: null, status, isHidden: false, giftHeldUntil: null }).where(eq(vouchers.id, voucher.id)).returning();
  if (!row) throw new Error('The voucher was not moved');
  changedHolders(tx, [voucher, row]);
  return row;
}

/** Holds the voucher for a gift until `until`, or lets it go (null). */
export async function setGiftHold(tx: Database, { voucherId, until }: { voucherId: string; until: Date | null }): Promise<void> {
  const rows = await tx.update(vouchers).set({ giftHeldUntil: until }).where(eq(vouchers.id, voucherId)).returning({ cardId: vouchers.cardId, userId: vouchers.userId });
  changedHolders(tx, rows);
}

/** The voucher of a code a till scanned: by the code itself, or by its keyed hash where only that is kept. */
export async function findVoucherByCode(db: Database, { merchantId, code, codeHash }: { merchantId: number; code: string; codeHash: string }): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.merchantId, merchantId), or(eq(vouchers.code, code), eq(vouchers.codeHash, codeHash))))
    .limit(1);
  return row;
}

/** A pending voucher's code, kept plain or hashed (and sealed); it becomes usable. Nothing when it is no longer pending. */
export async function setVoucherCode(
  tx: Database,
  { voucherId, code, codeHash, codeSealed, externalCode }: { voucherId: string; code: string | null; codeHash: string | null; codeSealed: string | null; externalCode: string | null },
): Promise<VoucherRow | undefined> {
  const [row] = await tx
    .update(vouchers)
    .set({ code, codeHash, codeSealed, externalCode, status: 'active' })
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.status, 'pending')))
    .returning();
  changedHolders(tx, row ? [row] : []);
  return row;
}

/** Clears a hashed code's sealed copy once the member's phone has been shown it; answers the sealed text it cleared. */
export async function takeSealedCode(tx: Database, voucherId: string): Promise<string | null> {
  const [before] = await tx.select({ codeSealed: vouchers.codeSealed }).from(vouchers).where(eq(vouchers.id, voucherId)).limit(1).for('update');
  if (!before?.codeSealed) return null;
  await tx.update(vouchers).set({ codeSealed: null }).where(eq(vouchers.id, voucherId));
  return before.codeSealed;
}

/** Pending vouchers whose code Kartu makes (their template keeps it hashed), the oldest first. */
export async function findPendingOwnCodeVouchers(db: Database, limit: number): Promise<Array<{ voucher: VoucherRow; template: VoucherTemplateRow }>> {
  return db
    .select({ voucher: vouchers, template: voucherTemplates })
    .from(vouchers)
    .innerJoin(voucherTemplates, eq(voucherTemplates.id, vouchers.templateId))
    .where(and(eq(vouchers.status, 'pending'), eq(voucherTemplates.issuer, 'kartu')))
    .orderBy(asc(vouchers.issuedAt))
    .limit(limit);
}

export async function suspendLatePartnerVouchers(tx: Database, issuedBefore: Date): Promise<VoucherRow[]> {
  const late = await tx
    .update(vouchers)
    .set({ status: 'suspended' })
    .where(
      and(
        eq(vouchers.status, 'pending'),
        lt(vouchers.issuedAt, issuedBefore),
        inArray(vouchers.templateId, tx.select({ id: voucherTemplates.id }).from(voucherTemplates).where(eq(voucherTemplates.issuer, 'partner'))),
      ),
    )
    .returning();
  changedHolders(tx, late);
  return late;
}

/** The partner's vouchers of this merchant still waiting for their code, the oldest first. */
export async function findPendingPartnerVouchers(db: Database, { merchantId, limit }: { merchantId: number; limit: number }): Promise<Array<{ voucher: VoucherRow; template: VoucherTemplateRow }>> {
  return db
    .select({ voucher: vouchers, template: voucherTemplates })
    .from(vouchers)
    .innerJoin(voucherTemplates, eq(voucherTemplates.id, vouchers.templateId))
    .where(and(eq(vouchers.merchantId, merchantId), eq(vouchers.status, 'pending'), eq(voucherTemplates.issuer, 'partner')))
    .orderBy(asc(vouchers.issuedAt))
    .limit(limit);
}

export async function markVoucherUsed(tx: Database, { voucherId, usedAt, usedPlace }: { voucherId: string; usedAt: Date | null; usedPlace: string | null }): Promise<VoucherRow> {
  const [row] = await tx
    .update(vouchers)
    .set({ status: usedAt ? 'used' : 'active', usedAt, usedPlace })
    .where(eq(vouchers.id, voucherId))
    .returning();
  if (!row) throw new Error('The voucher was not updated');
  changedHolders(tx, [row]);
  return row;
}

export async function countRedemptionsOn(db: Database, { merchantId, userId, templateId, day }: { merchantId: number; userId: string; templateId: string; day: string }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.merchantId, merchantId), eq(voucherRedemptions.userId, userId), eq(voucherRedemptions.templateId, templateId), eq(voucherRedemptions.redeemedOn, day), isNull(voucherRedemptions.voidedAt)));
  return row?.value ?? 0;
}

/** Takes the member's daily count of one template in turn, until the transaction ends. */
export async function lockRedemptionCount(tx: Database, { userId, templateId }: { userId: string; templateId: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`voucher-redemptions:${userId}:${templateId}`}, 0))`);
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

/** The programs of e-gift templates: the gift card's name and currency. */
export async function findGiftCardPrograms(db: Database, programIds: readonly string[]): Promise<Map<string, { name: string; currencyCode: string | null }>> {
  if (programIds.length === 0) return new Map();
  const rows = await db.select({ id: programs.id, name: programs.name, currencyCode: programs.currencyCode }).from(programs).where(inArray(programs.id, [...new Set(programIds)]));
  return new Map(rows.map((row) => [row.id, { name: row.name, currencyCode: row.currencyCode }]));
}

/** A product of the program by its SKU, for a template that the product sells. */
export async function findProgramProductBySku(db: Database, { merchantId, programId, sku }: { merchantId: number; programId: string; sku: string }): Promise<{ id: string; type: string } | undefined> {
  const [row] = await db
    .select({ id: products.id, type: products.type })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.programId, programId), eq(products.sku, sku)))
    .limit(1);
  return row;
}

export async function findVouchersOfSource(db: Database, { sourceType, sourceId }: { sourceType: VoucherRow['sourceType']; sourceId: string }): Promise<Array<{ voucher: VoucherRow; name: string }>> {
  return db
    .select({ voucher: vouchers, name: voucherTemplates.name })
    .from(vouchers)
    .innerJoin(voucherTemplates, eq(voucherTemplates.id, vouchers.templateId))
    .where(and(eq(vouchers.sourceType, sourceType), eq(vouchers.sourceId, sourceId)))
    .orderBy(asc(vouchers.templateId), asc(vouchers.sourceIndex));
}
