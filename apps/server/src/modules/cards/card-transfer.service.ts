import type { z } from 'zod';
import type { transferAnswerSchema, transferBodySchema, transferPreviewSchema, transferRecipientBodySchema } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import type { AuthContext, MerchantRef } from '../auth/auth.context.ts';
import { normaliseIdentifier } from '../auth/identifier.ts';
import { checkPin } from '../auth/pin.service.ts';
import type { UserRow } from '../auth/users.table.ts';
import type { IdempotentAnswer } from '../idempotency/idempotency.service.ts';
import { withIdempotency } from '../idempotency/idempotency.service.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { transfer } from '../ledger/points.service.ts';
import { findRecipientCard, type RecipientCard } from './card-transfer.repository.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { HOUR_MS, RECIPIENT_LOOKUP_MISSES_PER_HOUR } from '@kartu/core';
import { maskRecipientName, maskRecipientPhone } from '@kartu/core/masking';
import { assertNotLocked, countRequest } from '../attempts/attempt-lock.service.ts';
import { getMemberCard } from '../card-access/card-access.service.ts';
import { cardPagePath } from '../card-access/card-pages.ts';
import { leaveMessage } from '../inbox/inbox.service.ts';
import { assertMembershipActive } from '../subscriptions/membership.service.ts';

type RecipientBody = z.output<typeof transferRecipientBodySchema>;
type TransferBody = z.output<typeof transferBodySchema>;
export type TransferPreview = z.infer<typeof transferPreviewSchema>;
export type TransferAnswer = z.infer<typeof transferAnswerSchema>;

function invalidPhone(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ field: 'body.phone', rule: 'invalid_format', message }] });
}

interface RecipientLookup {
  db: Database;
  merchant: MerchantRef;
  user: UserRow;
  card: CardRow;
  phone: string;
  countryCode: string;
}

/** Another member of this merchant with an active card of the sender's program. */
async function findRecipient({ db, merchant, user, card, phone, countryCode }: RecipientLookup): Promise<RecipientCard> {
  let normalised: string;
  try {
    normalised = normaliseIdentifier({ identifierType: 'phone', identifierValue: phone, countryCode }, merchant.countryCode).value;
  } catch (error) {
    if (error instanceof AppError) throw invalidPhone(error.message);
    throw error;
  }
  if (normalised === user.phone) throw invalidPhone('You cannot transfer to yourself');
  const recipient = await findRecipientCard(db, { merchantId: merchant.id, programId: card.programId, phone: normalised });
  if (!recipient) throw new AppError('RECIPIENT_NOT_FOUND');
  if (recipient.user.id === user.id) throw invalidPhone('You cannot transfer to yourself');
  return recipient;
}

/**
 * findRecipient, with the numbers that hold no card counted against the member: after
 * RECIPIENT_LOOKUP_MISSES_PER_HOUR of them in an hour, looking recipients up is locked for an hour,
 * so a script cannot learn whose numbers hold a card by trying them one after another.
 */
async function lookUpRecipient(lookup: RecipientLookup & { now: Date }): Promise<RecipientCard> {
  const { db, merchant, user, now } = lookup;
  const key = { merchantId: merchant.id, scope: 'recipient-lookup' as const, subject: user.id };
  await assertNotLocked({ db, key, now, code: 'RECIPIENT_LOOKUP_LOCKED' });
  try {
    return await findRecipient(lookup);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RECIPIENT_NOT_FOUND') throw error;
    await countRequest({ db, key, now, limit: RECIPIENT_LOOKUP_MISSES_PER_HOUR, windowMs: HOUR_MS, lockMs: HOUR_MS, lockedCode: 'RECIPIENT_LOOKUP_LOCKED' });
    throw error;
  }
}

export interface TransferPreviewOptions extends RecipientBody {
  db: Database;
  merchant: MerchantRef;
  user: UserRow;
  cardId: string;
  now: Date;
}

/** Who would receive a transfer, masked, before the member confirms. spec: app-core §2 transfer-point */
export async function previewTransfer({ db, merchant, user, cardId, phone, countryCode, now }: TransferPreviewOptions): Promise<TransferPreview> {
  const card = await getMemberCard({ db, merchantId: merchant.id, userId: user.id, cardId });
  const recipient = await lookUpRecipient({ db, merchant, user, card, phone, countryCode, now });
  return { recipient: { name: maskRecipientName(recipient.user.name), phone: maskRecipientPhone(recipient.user.phone, countryCode) } };
}

export interface TransferPointsOptions {
  context: AuthContext;
  merchant: MerchantRef;
  user: UserRow;
  cardId: string;
  body: TransferBody;
  /** The client's Idempotency-Key header, when it sent one. */
  idempotencyKey: string | undefined;
}

/**
 * Moves points to another member's card of the same program, once per idempotency key.
 * spec: app-core §2 transfer-point; business-rules §8 "Insufficient balance"
 */
export async function transferPoints({ context, merchant, user, cardId, body, idempotencyKey }: TransferPointsOptions): Promise<IdempotentAnswer<TransferAnswer>> {
  const { db, clock } = context;
  const card = await getMemberCard({ db, merchantId: merchant.id, userId: user.id, cardId });
  if (!idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  await assertMembershipActive({ db, merchantId: merchant.id, card, now: clock.now() });
  const { program } = await getProgram({ db, merchantId: merchant.id, programId: card.programId });
  if (program.type === 'egift') throw new AppError('UNPROCESSABLE', { message: "A gift card's balance is spent at outlets, not sent" });
  // Outside the idempotency claim: a wrong PIN must count toward the lock every time, never be
  // stored as this key's answer, and write nothing.
  await checkPin({ context, user, pin: body.pin });

  const request = { phone: body.phone, countryCode: body.countryCode, amount: body.amount };
  const now = clock.now();
  // Looked up once outside the transfer's transaction, so a number that holds no card counts.
  await lookUpRecipient({ db, merchant, user, card, phone: request.phone, countryCode: request.countryCode, now });
  // The transfer and its stored answer commit together: an instance that dies in between leaves
  // neither, so the client's retry with the key runs it once, instead of meeting a key held for
  // minutes by a request that no longer exists.
  return withIdempotency<TransferAnswer>({
    db,
    merchantId: merchant.id,
    scope: `transfer:${user.id}`,
    key: idempotencyKey,
    // The PIN stays out of the stored hash: a 6-digit secret is found from its hash in a million
    // tries, and a retry with the same transfer is the same request whatever PIN unlocked it.
    body: { ...request, cardId: card.id },
    now,
    transaction: async (tx) => {
      const recipient = await findRecipient({ db: tx, merchant, user, card, phone: request.phone, countryCode: request.countryCode });
      // The ledger locks both wallets, spends the oldest-expiring lots first and refuses an overdraft.
      const entry = await transfer({ db: tx, now, merchantId: merchant.id, from: card, to: recipient.card, amount: BigInt(request.amount) });
      await leaveMessage(tx, {
        merchantId: merchant.id,
        userId: recipient.user.id,
        cardId: recipient.card.id,
        facts: { kind: 'transfer_received', points: request.amount, unit: program.unit, senderName: maskRecipientName(user.name), programName: program.name },
        link: cardPagePath(recipient.card.id),
        now,
      });
      const balance = await getBalance({ db: tx, card, now });
      return { statusCode: 201, body: { transactionId: entry.id, balance: { amount: toJsonNumber(balance), unit: program.unit } } };
    },
  });
}
