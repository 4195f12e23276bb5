import { randomUUID } from 'node:crypto';

import type { CreateGiftBody, GiftPreview, Language, VoucherGift } from '@kartu/contracts';

import { phoneRegionOf } from '@kartu/core';

import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';

import { isUuid } from '../../db/uuid.ts';

import { AppError } from '../../lib/app-error.ts';


import type { CheckOutcome } from '../attempts/attempt-lock.service.ts';

import type { MerchantRef } from '../auth/auth.context.ts';

import { normaliseIdentifier } from '../auth/identifier.ts';

import type { UserRow } from '../auth/users.table.ts';

import { maskRecipientPhone } from '@kartu/core/masking';

import { getImageViews } from '../media/images.service.ts';

import type { OutboxDrivers } from '../outbox/outbox.drivers.ts';

import { queueSecretMessage } from '../outbox/outbox.service.ts';

import type { SealKey } from '../../lib/sealed-text.ts';

import { composeGiftPinMessage } from './gift-pin-message.ts';

import { giftPinMatches, hashGiftPin, hashGiftToken, isGiftToken, newGiftPin, newGiftToken, openGiftToken, sealGiftToken, type GiftKeys } from './gift-secrets.ts';

import {
  findClaimerCard,
  findGift,
  findGiftByTokenHash,
  findGiftedVoucher,
  findLatestSentGift,
  findSender,
  findStoredPendingGift,
  insertGift,
  lockGift,
  returnGiftsPast,
  updateGift,
  type GiftedVoucher,
} from './gifts.repository.ts';

import type { VoucherGiftRow } from './gifts.table.ts';

import { giftStatusAt, toVoucherGift } from './gift-views.service.ts';

import { assertMembershipActive } from '../subscriptions/membership.service.ts';


/*
 * Gifting a voucher by link and PIN (docs/decisions/026-voucher-gifts.md), as the gift knows it:
 * the link, the PIN sent to the friend's phone, the gift's status. The voucher's side (its hold, its
 * move to the friend's card) is the vouchers module's; the gift-voucher use case runs the two.
 */

/** How long a friend has to claim a gift (never past the voucher's own expiry). */
export const GIFT_VALID_DAYS = 7;
const GIFT_VALID_MS = GIFT_VALID_DAYS * DAY_MS;
const GIFT_PIN_PURPOSE = 'voucher-gift';

/** When a gift made now expires: a week on, never past the voucher's own expiry. */
export function giftExpiry(voucherExpiresAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + GIFT_VALID_MS, voucherExpiresAt.getTime()));
}

export const giftLinkPath = (token: string) => `/gifts/${token}`;

function invalidPhone(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ field: 'body.recipientPhone', rule: 'invalid_format', message }] });
}

/** The friend's phone in E.164, read as sign-in reads phones; not the sender's own. */
export function recipientPhoneOf({ recipientPhone, countryCode }: CreateGiftBody, merchant: MerchantRef, sender: UserRow): string {
  let phone: string;
  try {
    phone = normaliseIdentifier({ identifierType: 'phone', identifierValue: recipientPhone, countryCode }, merchant.countryCode).value;
  } catch (error) {
    if (error instanceof AppError) throw invalidPhone(error.message);
    throw error;
  }
  if (phone === sender.phone) throw invalidPhone('You cannot send a gift to yourself');
  return phone;
}

/** 'Budi Santoso' → 'Budi'; without a name, the phone or e-mail masked. */
function senderName(sender: { name: string | null; phone: string | null; email: string | null; country: string } | undefined): string {
  const first = sender?.name?.trim().split(/\s+/)[0];
  if (first) return first.slice(0, 40);
  if (sender?.phone) return maskRecipientPhone(sender.phone, phoneRegionOf(sender.country).dialCode);
  const [local = '', domain = ''] = (sender?.email ?? '').split('@');
  return domain ? `${local.slice(0, 1)}***@${domain}` : '***';
}

async function giftedVoucherOf(db: Database, gift: VoucherGiftRow): Promise<GiftedVoucher> {
  const voucher = await findGiftedVoucher(db, gift.voucherId);
  if (!voucher) throw new Error('A gift without its voucher');
  return voucher;
}

/** The sender's view, with the link while the gift is pending and its sealed token opens. */
export function senderView(gift: VoucherGiftRow, keys: GiftKeys, now: Date): VoucherGift {
  const token = gift.tokenSealed ? openGiftToken(gift.tokenSealed, keys) : null;
  return toVoucherGift(gift, now, token ? giftLinkPath(token) : null);
}

export interface OpenGiftOptions {
  keys: GiftKeys;
  drivers: OutboxDrivers;
  /** Seals the PIN's message while a real driver still has to deliver it. */
  outboxSealKey: SealKey;
  merchant: MerchantRef;
  /** The language of the PIN message: the site's, the friend's own being unknown. */
  language: Language;
  user: UserRow;
  voucher: { id: string; cardId: string };
  recipientPhone: string;
  body: CreateGiftBody;
  message: string | null;
  expiresAt: Date;
  now: Date;
}

/** A pending gift of the voucher, its PIN on its way to the friend's phone; its id. */
export async function openGift(tx: Database, options: OpenGiftOptions): Promise<string> {
  const { keys, drivers, outboxSealKey, merchant, language, user, voucher, body, recipientPhone, message, expiresAt, now } = options;
  const pending = await findStoredPendingGift(tx, voucher.id);
  if (pending && giftStatusAt(pending, now) === 'pending') throw new AppError('VOUCHER_GIFTED');
  // A gift past its expiry that the job has not written down yet makes way for the new one.
  if (pending) await updateGift(tx, pending.id, { status: 'returned', returnedAt: pending.expiresAt, pinHash: null, tokenSealed: null });

  const id = randomUUID();
  const token = newGiftToken();
  const pin = newGiftPin();
  await insertGift(tx, {
    id,
    merchantId: merchant.id,
    voucherId: voucher.id,
    senderUserId: user.id,
    senderCardId: voucher.cardId,
    recipientPhone,
    recipientDialCode: body.countryCode,
    message,
    tokenHash: hashGiftToken(token, keys),
    tokenSealed: sealGiftToken(token, keys),
    pinHash: hashGiftPin({ giftId: id, pin }, keys),
    status: 'pending',
    createdAt: now,
    expiresAt,
  });
  const gifted = await findGiftedVoucher(tx, voucher.id);
  await queueSecretMessage({
    db: tx,
    drivers,
    sealKey: outboxSealKey,
    merchantId: merchant.id,
    channel: 'sms',
    recipient: recipientPhone,
    purpose: GIFT_PIN_PURPOSE,
    language,
    message: composeGiftPinMessage({ language, brand: merchant.brand, sender: senderName(user), voucher: gifted?.name ?? '', pin, expiresAt, now }),
    code: pin,
    expiresAt,
    now,
  });
  return id;
}

/** The gift a stored answer names, as its sender sees it. */
export async function getGiftForSender({ db, keys, giftId, now }: { db: Database; keys: GiftKeys; giftId: string; now: Date }): Promise<VoucherGift> {
  const gift = await findGift(db, giftId);
  if (!gift) throw new Error('The gift of a stored answer is gone');
  return senderView(gift, keys, now);
}

export async function giftOfToken(db: Database, { merchantId, token, keys }: { merchantId: number; token: string; keys: GiftKeys }): Promise<VoucherGiftRow> {
  const gift = isGiftToken(token) ? await findGiftByTokenHash(db, { merchantId, tokenHash: hashGiftToken(token, keys) }) : undefined;
  if (!gift) throw new AppError('GIFT_NOT_FOUND');
  return gift;
}

export interface GiftTokenRequest {
  db: Database;
  keys: GiftKeys;
  merchantId: number;
  user: UserRow;
  token: string;
  now: Date;
}

/** GET /api/v2/gifts/{token}: what the signed-in friend may see before the PIN; never the voucher's code. */
export async function previewGift({ db, keys, merchantId, user, token, now }: GiftTokenRequest): Promise<GiftPreview> {
  const gift = await giftOfToken(db, { merchantId, token, keys });
  const voucher = await giftedVoucherOf(db, gift);
  const [sender, card, imageOf] = await Promise.all([
    findSender(db, gift.senderUserId),
    findClaimerCard(db, { merchantId, userId: user.id, programId: voucher.programId }),
    getImageViews({ db, imageIds: [voucher.imageId] }),
  ]);
  return {
    status: giftStatusAt(gift, now),
    sender: { name: senderName(sender) },
    message: gift.message,
    voucher: { name: voucher.name, valueText: voucher.valueText, image: imageOf(voucher.imageId), usableAt: voucher.usableAt, expiresAt: voucher.expiresAt.toISOString() },
    program: { id: voucher.programId, name: voucher.programName },
    expiresAt: gift.expiresAt.toISOString(),
    hasCard: card !== undefined,
    isSender: gift.senderUserId === user.id,
    forYou: isRecipient(gift, user),
    recipientPhoneEnding: gift.recipientPhone.slice(-4),
  };
}

/** The gift went to this member's phone: the one member who may claim it. */
function isRecipient(gift: Pick<VoucherGiftRow, 'recipientPhone'>, user: Pick<UserRow, 'phone'>): boolean {
  return user.phone !== null && user.phone === gift.recipientPhone;
}

function needsCard(voucher: GiftedVoucher): AppError {
  return new AppError('GIFT_NEEDS_CARD', {
    message: `Add a ${voucher.programName} card to your wallet to claim this gift`,
    details: [
      { field: 'program.id', rule: 'card_required', message: voucher.programId },
      { field: 'program.name', rule: 'card_required', message: voucher.programName },
    ],
  });
}

/** What a claim finds when the gift is locked: answered already, refused, a wrong PIN, or a gift to move now. */
export type GiftClaimCheck = CheckOutcome<string> | { kind: 'claim'; gift: VoucherGiftRow; card: { id: string } };

/**
 * The gift's side of a claim, on its locked row: a retry by the member who claimed it answers the
 * voucher again; a gift that cannot be claimed is refused without counting; a wrong PIN counts.
 */
export async function checkGiftClaim(tx: Database, { keys, merchantId, user, giftId, pin, now }: { keys: GiftKeys; merchantId: number; user: UserRow; giftId: string; pin: string; now: Date }): Promise<GiftClaimCheck> {
  const gift = await lockGift(tx, giftId);
  if (!gift) return { kind: 'refuse', error: new AppError('GIFT_NOT_FOUND') };
  if (gift.status === 'claimed' && gift.claimedByUserId === user.id) return { kind: 'pass', value: gift.voucherId };
  if (gift.senderUserId === user.id) return { kind: 'refuse', error: new AppError('GIFT_OWN') };
  if (giftStatusAt(gift, now) !== 'pending' || !gift.pinHash) return { kind: 'refuse', error: new AppError('GIFT_NOT_AVAILABLE') };
  const gifted = await giftedVoucherOf(tx, gift);
  const card = await findClaimerCard(tx, { merchantId, userId: user.id, programId: gifted.programId });
  if (!card) return { kind: 'refuse', error: needsCard(gifted) };
  await assertMembershipActive({ db: tx, merchantId, card: { id: card.id, programId: gifted.programId }, now });
  if (!giftPinMatches({ giftId: gift.id, pin, pinHash: gift.pinHash }, keys)) return { kind: 'wrong' };
  return { kind: 'claim', gift, card };
}

/** Only the member whose phone the gift was sent to (or its sender, or who claimed it) may try a PIN. */
export function assertMayClaim(gift: VoucherGiftRow, user: UserRow): void {
  if (gift.senderUserId !== user.id && gift.claimedByUserId !== user.id && !isRecipient(gift, user)) throw new AppError('GIFT_NOT_FOR_YOU');
}

/** The voucher moved: the gift is claimed, its PIN and link spent. */
export async function markGiftClaimed(tx: Database, { gift, user, card, now }: { gift: VoucherGiftRow; user: UserRow; card: { id: string }; now: Date }): Promise<void> {
  await updateGift(tx, gift.id, { status: 'claimed', claimedAt: now, claimedByUserId: user.id, claimedCardId: card.id, pinHash: null, tokenSealed: null });
}

interface SenderRequest {
  db: Database;
  keys: GiftKeys;
  merchantId: number;
  user: UserRow;
  voucherId: string;
  now: Date;
}

/** GET /api/v2/vouchers/{voucherId}/gift: the member's latest gift of this voucher, also once claimed away. */
export async function getSentGift({ db, keys, merchantId, user, voucherId, now }: SenderRequest): Promise<VoucherGift> {
  const gift = isUuid(voucherId) ? await findLatestSentGift(db, { merchantId, senderUserId: user.id, voucherId }) : undefined;
  if (!gift) throw new AppError('GIFT_NOT_FOUND');
  return senderView(gift, keys, now);
}

/**
 * Takes the member's pending gift of this voucher back, in the caller's transaction; `released` when
 * this call cancelled it (again answers it cancelled).
 */
export async function cancelSentGift(tx: Database, { merchantId, user, voucherId, now }: Omit<SenderRequest, 'db' | 'keys'>): Promise<{ gift: VoucherGiftRow; released: boolean }> {
  const gift = isUuid(voucherId) ? await findLatestSentGift(tx, { merchantId, senderUserId: user.id, voucherId, lock: true }) : undefined;
  if (!gift) throw new AppError('GIFT_NOT_FOUND');
  if (gift.status === 'cancelled') return { gift, released: false };
  if (giftStatusAt(gift, now) !== 'pending') throw new AppError('GIFT_NOT_AVAILABLE');
  return { gift: await updateGift(tx, gift.id, { status: 'cancelled', cancelledAt: now, pinHash: null, tokenSealed: null }), released: true };
}

/** The job's sweep: pending gifts past their expiry are stored as returned (they already read so). */
export async function returnExpiredGifts({ db, now }: { db: Database; now: Date }): Promise<number> {
  const returned = await returnGiftsPast(db, now);
  return returned.length;
}
