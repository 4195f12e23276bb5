import { randomInt } from 'node:crypto';
import type { Voucher, VoucherGift, VoucherStack, VoucherStatus, VoucherWallet } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { getMemberCard } from '../cards/member-card.service.ts';
import { giftsSentOf } from '../gifts/sent-gifts.service.ts';
import { getImageViews, type ImageViewOf } from '../media/images.service.ts';
import {
  countUsableVouchers,
  findTemplates,
  findTemplatesOfProducts,
  findVoucher,
  insertTemplate,
  insertVouchers,
  listVouchers,
  lockVoucher,
  moveVoucher,
  setVoucherHidden,
  suspendVouchersOfSource,
  upsertTemplate,
  type HolderFilter,
} from './vouchers.repository.ts';
import type { NewVoucherTemplateRow, VoucherRow, VoucherTemplateRow } from './vouchers.table.ts';

/*
 * Issued e-vouchers and the member's voucher wallet (docs/decisions/025-vouchers.md). Every source
 * (a shop order, a reward, a subscription, a mission, an operator's grant) issues through
 * issueVouchers, once per source whatever the retries.
 */

// 32 symbols a cashier cannot confuse (no 0/O, 1/I/L): 12 of them are 60 bits.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 12;
/** The most vouchers one wallet view answers: a member holds tens, not thousands. */
const WALLET_LIMIT = 500;

/** Makes or changes a template by its id (the demo seed; the operator CLI makes them by name). */
export async function upsertVoucherTemplate(db: Database, template: NewVoucherTemplateRow & { id: string }): Promise<VoucherTemplateRow> {
  return upsertTemplate(db, template);
}

export async function createVoucherTemplate(db: Database, template: NewVoucherTemplateRow): Promise<VoucherTemplateRow> {
  return insertTemplate(db, template);
}

export function newVoucherCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export interface VoucherSource {
  type: VoucherRow['sourceType'];
  id: string;
}

export interface IssueVouchersOptions {
  merchantId: number;
  holder: { userId: string; cardId: string };
  source: VoucherSource;
  items: readonly { template: VoucherTemplateRow; quantity: number }[];
  now: Date;
}

/** Issues a source's vouchers in the caller's transaction; a second call for the same source issues nothing more. */
export async function issueVouchers(tx: Database, { merchantId, holder, source, items, now }: IssueVouchersOptions): Promise<VoucherRow[]> {
  const rows = items.flatMap(({ template, quantity }) =>
    Array.from({ length: quantity }, (_, index) => ({
      merchantId,
      templateId: template.id,
      userId: holder.userId,
      cardId: holder.cardId,
      code: newVoucherCode(),
      status: 'active' as const,
      sourceType: source.type,
      sourceId: source.id,
      sourceIndex: index,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + template.validityDays * DAY_MS),
    })),
  );
  const issued = await insertVouchers(tx, rows);
  if (issued.length > 0) publishAfterCommit(tx, [changeTags.card(holder.cardId), changeTags.wallet(holder.userId)]);
  return issued;
}

/** The vouchers of the shop's e-voucher products bought in one order: products without a template issue none. */
export async function issueVouchersForProducts(
  tx: Database,
  { merchantId, holder, source, lines, now }: Omit<IssueVouchersOptions, 'items'> & { lines: readonly { productId: string; quantity: number }[] },
): Promise<VoucherRow[]> {
  const templates = await findTemplatesOfProducts(tx, { merchantId, productIds: lines.map((line) => line.productId) });
  const items = lines.flatMap((line) => {
    const template = templates.find((candidate) => candidate.productId === line.productId);
    return template ? [{ template, quantity: line.quantity }] : [];
  });
  return issueVouchers(tx, { merchantId, holder, source, items, now });
}

/** An order that did not go through takes back its vouchers not used yet. */
export async function suspendVouchersOf(tx: Database, source: VoucherSource): Promise<void> {
  await suspendVouchersOfSource(tx, { sourceType: source.type, sourceId: source.id });
}

function statusAt(row: VoucherRow, now: Date): VoucherStatus {
  return row.status === 'active' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

function toVoucher(row: VoucherRow, template: VoucherTemplateRow, imageOf: ImageViewOf, gift: VoucherGift | null, now: Date): Voucher {
  return {
    id: row.id,
    template: { id: template.id, name: template.name, valueText: template.valueText, image: imageOf(template.imageId), usableAt: template.usableAt },
    description: template.description,
    terms: template.terms,
    status: statusAt(row, now),
    code: row.code,
    externalCode: row.externalCode,
    cardId: row.cardId,
    isHidden: row.isHidden,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    usedPlace: row.usedPlace,
    gift,
  };
}

async function vouchersOf(db: Database, rows: VoucherRow[], now: Date): Promise<Voucher[]> {
  const templates = new Map((await findTemplates(db, [...new Set(rows.map((row) => row.templateId))])).map((template) => [template.id, template]));
  const imageOf = await getImageViews({ db, imageIds: [...templates.values()].map((template) => template.imageId) });
  const gifts = await giftsSentOf({ db, vouchers: rows, now });
  return rows.flatMap((row) => {
    const template = templates.get(row.templateId);
    return template ? [toVoucher(row, template, imageOf, gifts.get(row.id) ?? null, now)] : [];
  });
}

interface MemberRequest {
  db: Database;
  merchantId: number;
  userId: string;
}

/** The member's vouchers, of one card when asked (another member's card is not found). */
async function holderOf({ db, merchantId, userId }: MemberRequest, cardId: string | undefined): Promise<HolderFilter> {
  if (cardId !== undefined) await getMemberCard({ db, merchantId, userId, cardId });
  return { merchantId, userId, cardId };
}

/** GET /api/v2/vouchers: the wallet in stacks of one template: usable ones by their first voucher's expiry, the history by its latest use or expiry. */
export async function getVoucherWallet(request: MemberRequest & { view: 'active' | 'history'; cardId?: string | undefined; hidden: boolean; now: Date }): Promise<VoucherWallet> {
  const { db, view, hidden, now } = request;
  const rows = await listVouchers(db, { holder: await holderOf(request, request.cardId), view, hidden, now, limit: WALLET_LIMIT });
  const stacks = new Map<string, VoucherStack>();
  for (const voucher of await vouchersOf(db, rows, now)) {
    const stack = stacks.get(voucher.template.id) ?? { template: voucher.template, activeCount: 0, vouchers: [] };
    stack.vouchers.push(voucher);
    if (voucher.status === 'active') stack.activeCount += 1;
    stacks.set(voucher.template.id, stack);
  }
  return { data: [...stacks.values()] };
}

async function memberVoucherRow({ db, merchantId, userId }: MemberRequest, voucherId: string): Promise<VoucherRow> {
  const row = isUuid(voucherId) ? await findVoucher(db, { merchantId, voucherId }) : undefined;
  if (!row || row.userId !== userId) throw new AppError('VOUCHER_NOT_FOUND');
  return row;
}

/** GET /api/v2/vouchers/{voucherId}: one of the member's vouchers, with its code. */
export async function getMemberVoucher(request: MemberRequest & { voucherId: string; now: Date }): Promise<Voucher> {
  const [voucher] = await vouchersOf(request.db, [await memberVoucherRow(request, request.voucherId)], request.now);
  if (!voucher) throw new AppError('VOUCHER_NOT_FOUND');
  return voucher;
}

/** PATCH /api/v2/vouchers/{voucherId}: hides the voucher from the wallet, or shows it again. */
export async function setMemberVoucherHidden(request: MemberRequest & { voucherId: string; isHidden: boolean; now: Date }): Promise<Voucher> {
  const row = await memberVoucherRow(request, request.voucherId);
  const changed = await setVoucherHidden(request.db, { voucherId: row.id, isHidden: request.isHidden });
  if (!changed) throw new AppError('VOUCHER_NOT_FOUND');
  const [voucher] = await vouchersOf(request.db, [changed], request.now);
  if (!voucher) throw new AppError('VOUCHER_NOT_FOUND');
  return voucher;
}

/** Locks the voucher's row for the caller's transaction: undefined for none of this merchant's. */
export async function lockVoucherOf(tx: Database, { merchantId, voucherId }: { merchantId: number; voucherId: string }): Promise<VoucherRow | undefined> {
  const row = isUuid(voucherId) ? await lockVoucher(tx, voucherId) : undefined;
  return row?.merchantId === merchantId ? row : undefined;
}

/** Moves a voucher to another member's card (a claimed gift), under a new code. */
export async function giveVoucher(tx: Database, { voucher, to }: { voucher: VoucherRow; to: { userId: string; cardId: string } }): Promise<VoucherRow> {
  const moved = await moveVoucher(tx, { voucherId: voucher.id, userId: to.userId, cardId: to.cardId, code: newVoucherCode() });
  publishAfterCommit(tx, [changeTags.card(voucher.cardId), changeTags.wallet(voucher.userId), changeTags.card(to.cardId), changeTags.wallet(to.userId)]);
  return moved;
}

/** GET /api/v2/cards/my-vouchers-count: the member's usable vouchers not hidden. */
export async function countMemberVouchers({ db, merchantId, userId, now }: MemberRequest & { now: Date }): Promise<number> {
  return countUsableVouchers(db, { holder: { merchantId, userId }, now });
}

/** The name an order's receipt gives the voucher it used: its template's. */
export async function voucherNameOf(db: Database, { merchantId, voucherId }: { merchantId: number; voucherId: string }): Promise<string | null> {
  const voucher = await findVoucher(db, { merchantId, voucherId });
  const [template] = voucher ? await findTemplates(db, [voucher.templateId]) : [];
  return template?.name ?? null;
}
