import type { GiftCard, GiftCardCharge, GiftCardChargeDetail, IntegrationGiftCardCharge } from '@kartu/contracts';



import type { Database } from '../../db/database.ts';


import { isUuid } from '../../db/uuid.ts';


import { AppError } from '../../lib/app-error.ts';




import { toJsonNumber } from '../../lib/json-number.ts';


import { currencyOf } from '../programs/program-currency.ts';


import { canMoveValue } from '../ledger/card-ref.ts';


import { getBalance } from '../ledger/ledger.service.ts';


import { earn, redeem } from '../ledger/points.service.ts';


import { reverseEntry } from '../ledger/reversal.service.ts';


import { getProgram } from '../programs/programs.service.ts';


import { getMerchantCurrency, merchantDayAt } from '../tenancy/tenancy.service.ts';


import { newCounterCode, normaliseCounterCode } from '../../lib/counter-codes.ts';


import {
  findCharge,
  findChargeByRequestKey,
  findGiftCard,
  findGiftCardByPayCode,
  findGiftCardOfVoucher,
  insertCharge,
  insertGiftCard,
  listCharges,
  lockCharge,
  setChargeVoided,
  type ChargeView,
  type GiftCardView, findCardsOfVouchers } from './gift-cards.repository.ts';


import type { GiftCardChargeRow } from './gift-cards.table.ts';


import type { CardRow } from '../card-access/cards.table.ts';


import { getMemberCard } from '../card-access/card-access.service.ts';



/*
 * E-gift cards (docs/decisions/027-gift-cards.md). An e-gift voucher, bought in the shop or given,
 * is activated by its holder into a card of its `egift` program, loaded through the ledger with the
 * voucher's value. Outlets then charge it by amount: staff typing the outlet's code on the member's
 * phone (three wrong codes lock the card's charges for 24 hours, the shared attempt locks), or the
 * till scanning the card's code through the integration API. A charge is a ledger spend; a void the
 * same day reverses it, putting the value back into the lots it came from.
 */

/** The charges a gift card's page lists: the latest ones. */
const CHARGES_SHOWN = 20;

interface MemberRequest {
  db: Database;
  merchantId: number;
  userId: string;
}

function toCharge({ charge, outletName, cashierName }: ChargeView): GiftCardCharge {
  return {
    id: charge.id,
    amount: toJsonNumber(charge.amount),
    outlet: { id: charge.outletId, name: outletName },
    cashier: charge.cashierId && cashierName ? { id: charge.cashierId, name: cashierName } : null,
    channel: charge.channel,
    reference: charge.reference,
    chargedAt: charge.chargedAt.toISOString(),
    voidedAt: charge.voidedAt?.toISOString() ?? null,
  };
}

/** The card each of these e-gift vouchers became once activated; a voucher not activated yet has none. */
export async function giftCardsOfVouchers(db: Database, voucherIds: readonly string[]): Promise<Map<string, string>> {
  return new Map((await findCardsOfVouchers(db, voucherIds)).map((row) => [row.voucherId, row.cardId]));
}

export async function findGiftCardOfActivatedVoucher(tx: Database, voucherId: string): Promise<{ cardId: string } | undefined> {
  const activated = await findGiftCardOfVoucher(tx, voucherId);
  return activated ? { cardId: activated.cardId } : undefined;
}

/** The `egift` program a gift card of these terms is a card of. */
export async function giftCardProgram(tx: Database, { merchantId, programId }: { merchantId: number; programId: string }): Promise<{ id: string }> {
  const { program } = await getProgram({ db: tx, merchantId, programId });
  if (program.type !== 'egift') throw new Error('An e-gift template names a program that is not an e-gift one');
  return program;
}

/** The new card becomes the voucher's gift card: loaded through the ledger with its value, and given the code a till scans. */
export async function loadGiftCard(
  tx: Database,
  { merchantId, card, voucherId, name, value, now }: { merchantId: number; card: CardRow; voucherId: string; name: string; value: bigint; now: Date },
): Promise<void> {
  await earn({ db: tx, card, merchantId, amount: value, now, description: name, metadata: { source: 'gift-card', voucherId } });
  await insertGiftCard(tx, { cardId: card.id, merchantId, voucherId, faceValue: value, payCode: newCounterCode(), activatedAt: now });
}

async function memberGiftCard({ db, merchantId, userId }: MemberRequest, cardId: string): Promise<NonNullable<GiftCardView>> {
  await getMemberCard({ db, merchantId, userId, cardId });
  const view = await findGiftCard(db, { merchantId, cardId });
  if (!view) throw new AppError('GIFT_CARD_NOT_FOUND');
  return view;
}

/** GET /api/v2/gift-cards/{cardId}: the member's gift card with its balance, the code a till scans and its latest charges. */
export async function getMemberGiftCard(request: MemberRequest & { cardId: string; now: Date }): Promise<GiftCard> {
  const { db, merchantId, now } = request;
  const { giftCard, card, program } = await memberGiftCard(request, request.cardId);
  const [balance, charges, merchantCurrency] = await Promise.all([getBalance({ db, card, now }), listCharges(db, { cardId: card.id, limit: CHARGES_SHOWN }), getMerchantCurrency({ db, id: merchantId })]);
  return {
    cardId: card.id,
    number: card.number,
    programName: program.name,
    currency: currencyOf(program, merchantCurrency),
    faceValue: toJsonNumber(giftCard.faceValue),
    balance: toJsonNumber(balance),
    payCode: giftCard.payCode,
    activatedAt: giftCard.activatedAt.toISOString(),
    isUsable: canMoveValue(card) && balance > 0n,
    charges: charges.map(toCharge),
  };
}

async function chargeView(db: Database, charge: GiftCardChargeRow): Promise<ChargeView> {
  const view = await findCharge(db, { merchantId: charge.merchantId, chargeId: charge.id });
  if (!view) throw new Error('A charge just written is gone');
  return view;
}

/** Spends the amount from the card at the outlet, with the charge's record. */
export async function chargeGiftCard(
  tx: Database,
  { view, amount, outlet, cashierId, channel, reference, requestKey, now }: { view: NonNullable<GiftCardView>; amount: bigint; outlet: { id: string; name: string }; cashierId: string | null; channel: 'counter' | 'till'; reference: string | null; requestKey: string | null; now: Date },
): Promise<GiftCardChargeRow> {
  const { card } = view;
  if (!card.ownerUserId) throw new AppError('GIFT_CARD_NOT_FOUND');
  const entry = await redeem({ db: tx, card, merchantId: card.merchantId, amount, now, reference, description: outlet.name, metadata: { source: 'gift-card', channel, outletId: outlet.id } });
  const row = await insertCharge(tx, {
    merchantId: card.merchantId,
    cardId: card.id,
    userId: card.ownerUserId,
    entryId: entry.id,
    amount,
    outletId: outlet.id,
    cashierId,
    channel,
    reference,
    requestKey,
    chargedAt: now,
    chargedOn: await merchantDayAt(tx, { merchantId: card.merchantId, now }),
  });
  return row;
}

/** The member's gift card a charge at the counter is for; GIFT_CARD_NOT_FOUND for anything else. */
export async function getMemberGiftCardForCharge(request: MemberRequest & { cardId: string }): Promise<NonNullable<GiftCardView>> {
  return memberGiftCard(request, request.cardId);
}

/** What a counter charge finds on the card: the answer of its Idempotency-Key, a refusal, or the card to charge. */
export type CounterChargeCheck = { kind: 'replay'; charge: GiftCardChargeRow } | { kind: 'refuse'; error: AppError } | { kind: 'ready'; view: NonNullable<GiftCardView> };

/**
 * A charge the card cannot take (too little left, card not active) is refused without counting an
 * outlet code; a retry with the same Idempotency-Key answers the first charge.
 */
export async function checkCounterCharge(tx: Database, { merchantId, userId, cardId, amount, requestKey, now }: MemberRequest & { cardId: string; amount: bigint; requestKey: string; now: Date }): Promise<CounterChargeCheck> {
  const replay = await findChargeByRequestKey(tx, { cardId, requestKey });
  if (replay) return replay.amount === amount ? { kind: 'replay', charge: replay } : { kind: 'refuse', error: new AppError('IDEMPOTENCY_KEY_REUSED') };
  const view = await findGiftCard(tx, { merchantId, cardId });
  if (!view || view.card.ownerUserId !== userId) return { kind: 'refuse', error: new AppError('CARD_NOT_FOUND') };
  if (!canMoveValue(view.card)) return { kind: 'refuse', error: new AppError('CARD_NOT_ACTIVE') };
  if ((await getBalance({ db: tx, card: view.card, now })) < amount) return { kind: 'refuse', error: new AppError('INSUFFICIENT_BALANCE') };
  return { kind: 'ready', view };
}

/** A charge as the member's phone shows it, with the card's balance after it. */
export async function counterChargeAnswer(db: Database, { row, card, now }: { row: GiftCardChargeRow; card: CardRow; now: Date }): Promise<{ charge: GiftCardCharge; balance: number }> {
  return { charge: toCharge(await chargeView(db, row)), balance: toJsonNumber(await getBalance({ db, card, now })) };
}

async function toIntegrationCharge(db: Database, row: GiftCardChargeRow, view: NonNullable<GiftCardView>, now: Date): Promise<IntegrationGiftCardCharge> {
  return { ...toCharge(await chargeView(db, row)), cardNumber: view.card.number, balance: toJsonNumber(await getBalance({ db, card: view.card, now })) };
}

/**
 * POST /integration/v1/gift-cards/charges: the till scanned a gift card's code at one of the
 * merchant's outlets (the till-charge use case brings the outlet).
 */
export async function chargeScannedGiftCard(
  tx: Database,
  { merchantId, code, amount, outlet, reference, now }: { merchantId: number; code: string; amount: number; outlet: { id: string; name: string }; reference: string | undefined; now: Date },
): Promise<{ data: IntegrationGiftCardCharge }> {
  const view = await findGiftCardByPayCode(tx, { merchantId, payCode: normaliseCounterCode(code) });
  if (!view) throw new AppError('GIFT_CARD_NOT_FOUND');
  const row = await chargeGiftCard(tx, { view, amount: BigInt(amount), outlet, cashierId: null, channel: 'till', reference: reference ?? null, requestKey: null, now });
  return { data: await toIntegrationCharge(tx, row, view, now) };
}

/** POST /integration/v1/gift-cards/charges/{chargeId}/void: the same day only; the amount goes back onto the card. */
export async function voidCharge({ tx, merchantId, chargeId, reason, now }: { tx: Database; merchantId: number; chargeId: string; reason: string | undefined; now: Date }): Promise<{ data: IntegrationGiftCardCharge }> {
  const row = isUuid(chargeId) ? await lockCharge(tx, { merchantId, chargeId }) : undefined;
  if (!row) throw new AppError('NOT_FOUND', { message: 'Charge not found' });
  if (row.voidedAt || row.chargedOn !== (await merchantDayAt(tx, { merchantId, now }))) throw new AppError('GIFT_CARD_CHARGE_NOT_VOIDABLE');
  const view = await findGiftCard(tx, { merchantId, cardId: row.cardId });
  if (!view) throw new Error('A charge without its gift card');
  const reversal = await reverseEntry({
    db: tx,
    now,
    merchantId,
    entryId: row.entryId,
    reason: reason ?? 'Gift card charge voided',
    // The history shows a reason only when the merchant gave one.
    metadata: { reasonGiven: reason !== undefined },
  });
  const voided = await setChargeVoided(tx, { chargeId: row.id, voidedAt: now, voidEntryId: reversal.id });
  return { data: await toIntegrationCharge(tx, voided, view, now) };
}

/** GET /api/v2/gift-card-charges/{chargeId}: a payment with one of the member's gift cards; anyone else's is not found. */
export async function getMemberCharge({ db, merchantId, userId, chargeId }: MemberRequest & { chargeId: string }): Promise<GiftCardChargeDetail> {
  const view = isUuid(chargeId) ? await findCharge(db, { merchantId, chargeId }) : undefined;
  const giftCard = view ? await findGiftCard(db, { merchantId, cardId: view.charge.cardId }) : undefined;
  if (!view || !giftCard || giftCard.card.ownerUserId !== userId) throw new AppError('NOT_FOUND', { message: 'Payment not found' });
  const merchantCurrency = await getMerchantCurrency({ db, id: merchantId });
  return {
    ...toCharge(view),
    card: { id: giftCard.card.id, number: giftCard.card.number, programName: giftCard.program.name, currency: currencyOf(giftCard.program, merchantCurrency) },
  };
}
