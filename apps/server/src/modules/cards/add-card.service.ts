import type { CardPreview } from '@kartu/contracts';
import { ADD_CARD_LOCK_HOURS, ADD_CARD_MAX_WRONG_TRIES } from '@kartu/core';
import { HOUR_MS } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getImageView } from '../media/images.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import { activationCodeMatches } from './activation-code.ts';
import { assertNotLocked, clearAttempts, countWrongAttempt, type AttemptKey } from '../attempts/attempt-lock.service.ts';
import { assignCardOwner } from './card-wallet.repository.ts';
import { findCardByNumber } from './cards.repository.ts';
import { findMerchantCard } from '../card-access/card-access.service.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { grantProgramReward } from './rewards.service.ts';

export interface AddCardOptions {
  db: Database;
  merchantId: number;
  brand: string;
  userId: string;
  now: Date;
  /** Key of the HMAC that activation codes are stored under. */
  activationCodeKey: string;
}

/** spec: business-rules §4 — 3 wrong card numbers or activation codes lock adding cards for 24 hours. */
export const addCardLock = { lockAt: ADD_CARD_MAX_WRONG_TRIES, lockMs: ADD_CARD_LOCK_HOURS * HOUR_MS, lockedCode: 'ADD_CARD_LOCKED' } as const;

/** The member's wrong card numbers and activation codes are counted together, per merchant. */
export function addCardAttemptKey({ merchantId, userId }: { merchantId: number; userId: string }): AttemptKey {
  return { merchantId, scope: 'add-card', subject: userId };
}

/** Counts a wrong try and answers the error to throw: the third one locks adding cards for 24 hours. */
async function wrongTry(options: AddCardOptions, code: 'CARD_NOT_FOUND' | 'ACTIVATION_CODE_INVALID'): Promise<AppError> {
  const attemptsRemaining = await countWrongAttempt({ db: options.db, key: addCardAttemptKey(options), now: options.now, ...addCardLock });
  return new AppError(code, { attemptsRemaining });
}

/**
 * The unowned card with this number at the merchant. A number that matches none (another
 * merchant's cards included) counts as a wrong try. spec: business-rules §8 card messages
 */
async function findAddableCard(options: AddCardOptions & { number: string }): Promise<CardRow> {
  // While the 24-hour add-card lock holds, every add-card step is refused.
  await assertNotLocked({ db: options.db, key: addCardAttemptKey(options), now: options.now, code: addCardLock.lockedCode });
  const card = await findCardByNumber(options.db, { merchantId: options.merchantId, number: options.number });
  if (!card) throw await wrongTry(options, 'CARD_NOT_FOUND');
  if (card.ownerUserId === options.userId) throw new AppError('CARD_IN_WALLET');
  if (card.ownerUserId !== null) throw new AppError('CARD_TAKEN');
  if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
  return card;
}

async function assertActivationCode(options: AddCardOptions, card: CardRow, activationCode: string): Promise<void> {
  if (card.activationCodeHash === null) return;
  if (!activationCodeMatches(activationCode, card.activationCodeHash, options.activationCodeKey)) throw await wrongTry(options, 'ACTIVATION_CODE_INVALID');
}

/** What the member sees of a card before adding it (find-by-number and check-number). */
export async function previewCard(options: AddCardOptions & { number: string }): Promise<CardPreview> {
  const card = await findAddableCard(options);
  const { program } = await getProgram({ db: options.db, merchantId: card.merchantId, programId: card.programId });
  return {
    number: card.number,
    brand: options.brand,
    programName: program.name,
    iconUrl: program.iconUrl,
    cardArt: await getImageView({ db: options.db, imageId: program.cardArtImageId }),
    requiresActivationCode: card.activationCodeHash !== null,
  };
}

/** Checks a card's activation code before the member adds it; wrong codes count toward the lock. */
export async function checkActivationCode(options: AddCardOptions & { number: string; activationCode: string }): Promise<void> {
  const card = await findAddableCard(options);
  await assertActivationCode(options, card, options.activationCode);
}

/**
 * Adds an issued card to the member's wallet, with its activation code when it has one, and grants
 * the program's welcome reward in the same transaction.
 */
export async function registerCard(options: AddCardOptions & { number: string; activationCode?: string }): Promise<CardRow> {
  const card = await findAddableCard(options);
  if (card.activationCodeHash !== null) {
    if (options.activationCode === undefined) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ field: 'body.activationCode', rule: 'required', message: 'This card needs its activation code' }],
      });
    }
    await assertActivationCode(options, card, options.activationCode);
  }
  const added = await options.db.transaction(async (tx) => {
    const owned = await assignCardOwner(tx, { cardId: card.id, userId: options.userId, now: options.now });
    if (!owned) return undefined;
    await grantProgramReward({ db: tx, card: owned, kind: 'welcome', now: options.now });
    return owned;
  });
  if (!added) {
    // Someone added it between the check and the update: tell which of the two it was.
    const current = await findMerchantCard({ db: options.db, merchantId: options.merchantId, cardId: card.id });
    throw new AppError(current?.ownerUserId === options.userId ? 'CARD_IN_WALLET' : 'CARD_TAKEN');
  }
  await clearAttempts(options.db, addCardAttemptKey(options));
  return added;
}
