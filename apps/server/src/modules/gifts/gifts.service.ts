import { randomUUID } from 'node:crypto';
import type { CreateGiftBody, GiftPreview, Language, Voucher, VoucherGift } from '@kartu/contracts';
import { CODE_ENTRY_LOCK_HOURS, CODE_ENTRY_MAX_WRONG_TRIES, phoneRegionOf } from '@kartu/core';
import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { guardedAttempt } from '../attempts/attempt-lock.service.ts';
import type { MerchantRef } from '../auth/auth.context.ts';
import { normaliseIdentifier } from '../auth/identifier.ts';
import type { UserRow } from '../auth/users.table.ts';
import { maskRecipientPhone } from '@kartu/core/masking';
import { withIdempotentTransaction } from '../idempotency/idempotent-transaction.ts';
import { getImageViews } from '../media/images.service.ts';
import type { OutboxDrivers } from '../outbox/outbox.drivers.ts';
import { queueSecretMessage } from '../outbox/outbox.service.ts';
import type { SealKey } from '../../lib/sealed-text.ts';
import { giveVoucher } from '../vouchers/voucher-issuing.service.ts';
import { getMemberVoucher, getVoucherTemplate, lockVoucherOf } from '../vouchers/vouchers.service.ts';
import type { VoucherRow } from '../vouchers/vouchers.table.ts';
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
import { giftStatusAt, toVoucherGift } from './sent-gifts.service.ts';
import { assertMembershipActive } from '../card-access/card-access.service.ts';

/*
 * Gifting a voucher by link and PIN (docs/decisions/026-voucher-gifts.md). The sender shares the
 * link; the PIN goes to the friend's phone. The voucher stays the sender's, unusable, until the
 * friend claims it onto their card of the same program, the sender takes it back, or it expires.
 */

/** How long a friend has to claim a gift (never past the voucher's own expiry). */
export const GIFT_VALID_DAYS = 7;
const GIFT_VALID_MS = GIFT_VALID_DAYS * DAY_MS;
/** Wrong PINs that lock a gift, and for how long (business-rules §4: code entry). */
const WRONG_PINS_LOCK_AT = CODE_ENTRY_MAX_WRONG_TRIES;
const WRONG_PINS_LOCK_MS = CODE_ENTRY_LOCK_HOURS * HOUR_MS;
const GIFT_PIN_PURPOSE = 'voucher-gift';

/** The web page a link opens. */
export const giftLinkPath = (token: string) => `/gifts/${token}`;

function invalidPhone(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ field: 'body.recipientPhone', rule: 'invalid_format', message }] });
}

/** The friend's phone in E.164, read as sign-in reads phones; not the sender's own. */
function recipientPhoneOf({ recipientPhone, countryCode }: CreateGiftBody, merchant: MerchantRef, sender: UserRow): string {
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

/** Why this voucher cannot be given now, or null when it can. */
function refusalToGive(voucher: VoucherRow, now: Date): AppError | null {
  if (voucher.status === 'used') return new AppError('VOUCHER_ALREADY_USED');
  if (voucher.status !== 'active' || voucher.expiresAt.getTime() <= now.getTime()) return new AppError('VOUCHER_NOT_USABLE');
  return null;
}

async function giftedVoucherOf(db: Database, gift: VoucherGiftRow): Promise<GiftedVoucher> {
  const voucher = await findGiftedVoucher(db, gift.voucherId);
  if (!voucher) throw new Error('A gift without its voucher');
  return voucher;
}

/** The sender's view, with the link while the gift is pending and its sealed token opens. */
function senderView(gift: VoucherGiftRow, keys: GiftKeys, now: Date): VoucherGift {
  const token = gift.tokenSealed ? openGiftToken(gift.tokenSealed, keys) : null;
  return toVoucherGift(gift, now, token ? giftLinkPath(token) : null);
}

export interface CreateGiftOptions {
  db: Database;
  keys: GiftKeys;
  drivers: OutboxDrivers;
  /** Seals the PIN's message while a real driver still has to deliver it. */
  outboxSealKey: SealKey;
  merchant: MerchantRef;
  /** The language of the PIN message: the site's, the friend's own being unknown. */
  language: Language;
  user: UserRow;
  voucherId: string;
  body: CreateGiftBody;
  idempotencyKey: string | undefined;
  now: Date;
}

/**
 * POST /api/v2/vouchers/{voucherId}/gifts: a pending gift of one of the member's usable vouchers,
 * once per idempotency key. The stored answer names the gift only, so the link's token never sits in
 * the idempotency table; every answer, first or replayed, is read from the gift.
 */
export async function createGift(options: CreateGiftOptions): Promise<{ gift: VoucherGift; replayed: boolean }> {
  const { db, keys, merchant, user, voucherId, body, now } = options;
  await getMemberVoucher({ db, merchantId: merchant.id, userId: user.id, voucherId, now });
  if (!options.idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const recipientPhone = recipientPhoneOf(body, merchant, user);
  const message = body.message ? body.message : null;
  const answer = await withIdempotentTransaction<{ giftId: string }>({
    db,
    merchantId: merchant.id,
    scope: `voucher-gift:${user.id}`,
    key: options.idempotencyKey,
    body: { voucherId, recipientPhone, message },
    now,
    run: async (tx) => ({ statusCode: 201, body: { giftId: await writeGift(tx, { ...options, recipientPhone, message }) } }),
  });
  const gift = await findGift(db, answer.body.giftId);
  if (!gift) throw new Error('The gift of a stored answer is gone');
  return { gift: senderView(gift, keys, now), replayed: answer.replayed };
}

async function writeGift(tx: Database, options: CreateGiftOptions & { recipientPhone: string; message: string | null }): Promise<string> {
  const { keys, drivers, outboxSealKey, merchant, language, user, voucherId, body, recipientPhone, message, now } = options;
  // The voucher's lock orders this gift with a redemption or a checkout of the same voucher.
  const voucher = await lockVoucherOf(tx, { merchantId: merchant.id, voucherId });
  if (!voucher || voucher.userId !== user.id) throw new AppError('VOUCHER_NOT_FOUND');
  const refusal = refusalToGive(voucher, now);
  if (refusal) throw refusal;
  await assertMembershipActive({ db: tx, merchantId: merchant.id, card: { id: voucher.cardId, programId: (await getVoucherTemplate(tx, voucher.templateId)).programId }, now });
  const pending = await findStoredPendingGift(tx, voucher.id);
  if (pending && giftStatusAt(pending, now) === 'pending') throw new AppError('VOUCHER_GIFTED');
  // A gift past its expiry that the job has not written down yet makes way for the new one.
  if (pending) await updateGift(tx, pending.id, { status: 'returned', returnedAt: pending.expiresAt, pinHash: null, tokenSealed: null });

  const id = randomUUID();
  const token = newGiftToken();
  const pin = newGiftPin();
  const expiresAt = new Date(Math.min(now.getTime() + GIFT_VALID_MS, voucher.expiresAt.getTime()));
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
  publishAfterCommit(tx, [changeTags.card(voucher.cardId), changeTags.wallet(user.id)]);
  return id;
}

async function giftOfToken(db: Database, { merchantId, token, keys }: { merchantId: number; token: string; keys: GiftKeys }): Promise<VoucherGiftRow> {
  const gift = isGiftToken(token) ? await findGiftByTokenHash(db, { merchantId, tokenHash: hashGiftToken(token, keys) }) : undefined;
  if (!gift) throw new AppError('GIFT_NOT_FOUND');
  return gift;
}

interface GiftTokenRequest {
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

/**
 * POST /api/v2/gifts/{token}/claim. Only the member whose phone the gift was sent to may claim it:
 * anyone else the link reaches is refused before a PIN is looked at, so their guesses neither claim
 * it nor lock it for its owner. A gift that cannot be claimed is refused without counting; the
 * owner's wrong PIN counts, and the third locks the gift for 24 hours. The gift's row is locked
 * first, so two claims at the same moment end with one voucher moved. A retry by the member who
 * claimed it answers the voucher again.
 */
export async function claimGift({ db, keys, merchantId, user, token, pin, now }: GiftTokenRequest & { pin: string }): Promise<Voucher> {
  const found = await giftOfToken(db, { merchantId, token, keys });
  if (found.senderUserId !== user.id && found.claimedByUserId !== user.id && !isRecipient(found, user)) throw new AppError('GIFT_NOT_FOR_YOU');
  const voucherId = await guardedAttempt<string>({
    db,
    key: { merchantId, scope: 'gift-claim', subject: found.id },
    now,
    lockAt: WRONG_PINS_LOCK_AT,
    lockMs: WRONG_PINS_LOCK_MS,
    lockedCode: 'GIFT_LOCKED',
    wrong: (attemptsRemaining) => new AppError('GIFT_PIN_INVALID', { attemptsRemaining }),
    check: async (tx) => {
      const gift = await lockGift(tx, found.id);
      if (!gift) return { kind: 'refuse', error: new AppError('GIFT_NOT_FOUND') };
      if (gift.status === 'claimed' && gift.claimedByUserId === user.id) return { kind: 'pass', value: gift.voucherId };
      if (gift.senderUserId === user.id) return { kind: 'refuse', error: new AppError('GIFT_OWN') };
      if (giftStatusAt(gift, now) !== 'pending' || !gift.pinHash) return { kind: 'refuse', error: new AppError('GIFT_NOT_AVAILABLE') };
      const gifted = await giftedVoucherOf(tx, gift);
      const card = await findClaimerCard(tx, { merchantId, userId: user.id, programId: gifted.programId });
      if (!card) return { kind: 'refuse', error: needsCard(gifted) };
      await assertMembershipActive({ db: tx, merchantId, card: { id: card.id, programId: gifted.programId }, now });
      if (!giftPinMatches({ giftId: gift.id, pin, pinHash: gift.pinHash }, keys)) return { kind: 'wrong' };
      const voucher = await lockVoucherOf(tx, { merchantId, voucherId: gift.voucherId });
      if (!voucher || voucher.userId !== gift.senderUserId || refusalToGive(voucher, now)) return { kind: 'refuse', error: new AppError('GIFT_NOT_AVAILABLE') };
      await giveVoucher(tx, { voucher, template: await getVoucherTemplate(tx, voucher.templateId), to: { userId: user.id, cardId: card.id }, now });
      await updateGift(tx, gift.id, { status: 'claimed', claimedAt: now, claimedByUserId: user.id, claimedCardId: card.id, pinHash: null, tokenSealed: null });
      return { kind: 'pass', value: voucher.id };
    },
  });
  return getMemberVoucher({ db, merchantId, userId: user.id, voucherId, now });
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

/** POST /api/v2/vouchers/{voucherId}/gifts/cancel: takes a pending gift back; the voucher is usable again. Again answers it cancelled. */
export async function cancelGift({ db, keys, merchantId, user, voucherId, now }: SenderRequest): Promise<VoucherGift> {
  const cancelled = await db.transaction(async (tx) => {
    const gift = isUuid(voucherId) ? await findLatestSentGift(tx, { merchantId, senderUserId: user.id, voucherId, lock: true }) : undefined;
    if (!gift) throw new AppError('GIFT_NOT_FOUND');
    if (gift.status === 'cancelled') return gift;
    if (giftStatusAt(gift, now) !== 'pending') throw new AppError('GIFT_NOT_AVAILABLE');
    publishAfterCommit(tx, [changeTags.card(gift.senderCardId), changeTags.wallet(user.id)]);
    return updateGift(tx, gift.id, { status: 'cancelled', cancelledAt: now, pinHash: null, tokenSealed: null });
  });
  return senderView(cancelled, keys, now);
}

/** The job's sweep: pending gifts past their expiry are stored as returned (they already read so). */
export async function returnExpiredGifts({ db, now }: { db: Database; now: Date }): Promise<number> {
  const returned = await returnGiftsPast(db, now);
  publishAfterCommit(db, returned.flatMap((gift) => [changeTags.card(gift.senderCardId), changeTags.wallet(gift.senderUserId)]));
  return returned.length;
}
