import type { Voucher, VoucherStack, VoucherStatus, VoucherWallet } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { getImageViews, type ImageViewOf } from '../media/images.service.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { isHeldForGift, refusalOfUse } from './gift-hold.ts';
import { openVoucherCode, type VoucherCodeKeys } from './voucher-codes.ts';
import {
  countUsableVouchers,
  findTemplates,
  findGiftCardPrograms,
  findVouchersOfSource,
  findVoucher,
  insertTemplate,
  listVouchers,
  lockVoucher,
  markVoucherUsed,
  setVoucherHidden,
  takeSealedCode,
  upsertTemplate,
  type HolderFilter,
} from './vouchers.repository.ts';
import type { NewVoucherTemplateRow, VoucherRow, VoucherTemplateRow } from './vouchers.table.ts';
import { getMemberCard } from '../card-access/card-access.service.ts';

/*
 * The member's voucher wallet (docs/decisions/025-vouchers.md); issuing is voucher-issuing.service.ts.
 */

/** The most vouchers one wallet view answers: a member holds tens, not thousands. */
const WALLET_LIMIT = 500;

/** Makes or changes a template by its id (the demo seed; the operator CLI makes them by name). */
export async function upsertVoucherTemplate(db: Database, template: NewVoucherTemplateRow & { id: string }): Promise<VoucherTemplateRow> {
  return upsertTemplate(db, template);
}

export async function createVoucherTemplate(db: Database, template: NewVoucherTemplateRow): Promise<VoucherTemplateRow> {
  return insertTemplate(db, template);
}

function statusAt(row: VoucherRow, now: Date): VoucherStatus {
  return row.status === 'active' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

type GiftCardPrograms = ReadonlyMap<string, { name: string; currencyCode: string | null }>;

/** What an e-gift voucher becomes: its gift card's value and program; the card, once activated, is the gift cards module's to tell. */
function giftCardOf(template: VoucherTemplateRow, programs: GiftCardPrograms): Voucher['giftCard'] {
  if (template.giftCardProgramId === null || template.giftCardValue === null) return null;
  const program = programs.get(template.giftCardProgramId);
  return {
    value: toJsonNumber(template.giftCardValue),
    currencyCode: program?.currencyCode ?? '',
    programId: template.giftCardProgramId,
    programName: program?.name ?? '',
    cardId: null,
  };
}

/** The voucher as its holder sees it; `gift` and the gift card's `cardId` are the gifts and gift cards modules' to tell (the voucher-wallet use case adds them). */
function toVoucher(row: VoucherRow, template: VoucherTemplateRow, imageOf: ImageViewOf, giftCards: GiftCardPrograms, now: Date): Voucher {
  return {
    id: row.id,
    template: { id: template.id, name: template.name, valueText: template.valueText, image: imageOf(template.imageId), usableAt: template.usableAt },
    description: template.description,
    terms: template.terms,
    status: statusAt(row, now),
    code: row.code,
    codeKept: template.codeStorage === 'hashed' ? 'device' : 'server',
    externalCode: row.externalCode,
    cardId: row.cardId,
    isHidden: row.isHidden,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    usedPlace: row.usedPlace,
    gift: null,
    giftCard: giftCardOf(template, giftCards),
  };
}

async function vouchersOf(db: Database, rows: VoucherRow[], now: Date): Promise<Voucher[]> {
  const templates = new Map((await findTemplates(db, [...new Set(rows.map((row) => row.templateId))])).map((template) => [template.id, template]));
  const imageOf = await getImageViews({ db, imageIds: [...templates.values()].map((template) => template.imageId) });
  const giftCardPrograms = [...templates.values()].flatMap((template) => (template.giftCardProgramId ? [template.giftCardProgramId] : []));
  const giftCards = await findGiftCardPrograms(db, giftCardPrograms);
  return rows.flatMap((row) => {
    const template = templates.get(row.templateId);
    return template ? [toVoucher(row, template, imageOf, giftCards, now)] : [];
  });
}

export interface MemberRequest {
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

/** One of the member's vouchers as stored; VOUCHER_NOT_FOUND for anyone else's. */
export async function getMemberVoucherRow({ db, merchantId, userId }: MemberRequest, voucherId: string): Promise<VoucherRow> {
  const row = isUuid(voucherId) ? await findVoucher(db, { merchantId, voucherId }) : undefined;
  if (!row || row.userId !== userId) throw new AppError('VOUCHER_NOT_FOUND');
  return row;
}

/**
 * GET /api/v2/vouchers/{voucherId}: one of the member's vouchers, with its code. A code kept only as
 * a hash is answered once, when the route hands over the keys to open it: the phone keeps it.
 */
export async function getMemberVoucher(request: MemberRequest & { voucherId: string; now: Date; revealWith?: VoucherCodeKeys }): Promise<Voucher> {
  const row = await getMemberVoucherRow(request, request.voucherId);
  const [voucher] = await vouchersOf(request.db, [row], request.now);
  if (!voucher) throw new AppError('VOUCHER_NOT_FOUND');
  if (!request.revealWith || row.codeSealed === null) return voucher;
  const keys = request.revealWith;
  const sealed = await request.db.transaction((tx) => takeSealedCode(tx, row.id));
  return { ...voucher, code: sealed === null ? null : openVoucherCode(sealed, keys) };
}

/** PATCH /api/v2/vouchers/{voucherId}: hides the voucher from the wallet, or shows it again. */
export async function setMemberVoucherHidden(request: MemberRequest & { voucherId: string; isHidden: boolean; now: Date }): Promise<Voucher> {
  const row = await getMemberVoucherRow(request, request.voucherId);
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

/** One of the member's vouchers, locked for the caller's transaction; VOUCHER_NOT_FOUND for anyone else's. */
export async function lockMemberVoucher(tx: Database, { merchantId, userId, voucherId }: { merchantId: number; userId: string; voucherId: string }): Promise<VoucherRow> {
  const voucher = await lockVoucherOf(tx, { merchantId, voucherId });
  if (!voucher || voucher.userId !== userId) throw new AppError('VOUCHER_NOT_FOUND');
  return voucher;
}

/**
 * What the locked e-gift voucher becomes, when it may become it now: a gift card of its template's
 * program loaded with its value (docs/decisions/027-gift-cards.md). Refused when it is no e-gift,
 * was used, cannot be used, or a gift holds it.
 */
export async function giftCardTermsOf(tx: Database, { voucher, now }: { voucher: VoucherRow; now: Date }): Promise<{ name: string; programId: string; value: bigint }> {
  const template = await getVoucherTemplate(tx, voucher.templateId);
  if (template.giftCardProgramId === null || template.giftCardValue === null) throw new AppError('UNPROCESSABLE', { message: 'This e-voucher is not a gift card' });
  const unusable = refusalOfUse(voucher, now);
  if (unusable) throw unusable;
  if (isHeldForGift(voucher, now)) throw new AppError('VOUCHER_GIFTED');
  return { name: template.name, programId: template.giftCardProgramId, value: template.giftCardValue };
}

export async function getVoucherTemplate(db: Database, templateId: string): Promise<VoucherTemplateRow> {
  const [template] = await findTemplates(db, [templateId]);
  if (!template) throw new Error('A voucher without its template');
  return template;
}

/** An e-gift voucher turned into a gift card: used, at that moment. */
export async function markVoucherActivated(tx: Database, voucher: VoucherRow, now: Date): Promise<void> {
  await markVoucherUsed(tx, { voucherId: voucher.id, usedAt: now, usedPlace: null });
}

/** GET /api/v2/cards/my-vouchers-count: the member's usable vouchers not hidden. */
export async function countMemberVouchers(request: MemberRequest & { cardId?: string | undefined; now: Date }): Promise<number> {
  return countUsableVouchers(request.db, { holder: await holderOf(request, request.cardId), now: request.now });
}

/** The vouchers a source issued (an order's, for its page), with their template's name, stored status and expiry. */
export async function vouchersOfSource(db: Database, source: { type: VoucherRow['sourceType']; id: string }): Promise<Array<{ id: string; name: string; status: VoucherRow['status']; expiresAt: string }>> {
  const rows = await findVouchersOfSource(db, { sourceType: source.type, sourceId: source.id });
  return rows.map(({ voucher, name }) => ({ id: voucher.id, name, status: voucher.status, expiresAt: voucher.expiresAt.toISOString() }));
}

/** The name an order's receipt gives the voucher it used: its template's. */
export async function voucherNameOf(db: Database, { merchantId, voucherId }: { merchantId: number; voucherId: string }): Promise<string | null> {
  const voucher = await findVoucher(db, { merchantId, voucherId });
  const [template] = voucher ? await findTemplates(db, [voucher.templateId]) : [];
  return template?.name ?? null;
}

/** The merchant's voucher template of this id; undefined for another merchant's or none. */
export async function findVoucherTemplateOf(db: Database, { merchantId, templateId }: { merchantId: number; templateId: string }): Promise<VoucherTemplateRow | undefined> {
  const [template] = await findTemplates(db, [templateId]);
  return template?.merchantId === merchantId ? template : undefined;
}
