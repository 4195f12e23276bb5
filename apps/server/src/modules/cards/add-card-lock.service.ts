import { ADD_CARD_LOCK_HOURS, ADD_CARD_MAX_WRONG_TRIES } from '@kartu/core';
import type { Database } from '../../db/database.ts';
import { deleteAddCardAttempts, findAddCardAttempts, lockAddCardAttempts, updateAddCardAttempts } from './cards.repository.ts';

export interface AddCardLockState {
  locked: boolean;
  lockedUntil: Date | null;
  /** Wrong tries left before the lock; 0 while locked. */
  attemptsRemaining: number;
}

interface AddCardLockOptions {
  db: Database;
  merchantId: number;
  userId: string;
  now: Date;
}

const lockMs = ADD_CARD_LOCK_HOURS * 60 * 60 * 1000;

/** spec: business-rules §4 — 3 wrong card numbers or activation codes lock adding cards for 24 hours */
export async function isAddCardLocked({ db, merchantId, userId, now }: AddCardLockOptions): Promise<AddCardLockState> {
  const row = await findAddCardAttempts(db, { merchantId, userId });
  if (row?.lockedUntil && row.lockedUntil > now) return { locked: true, lockedUntil: row.lockedUntil, attemptsRemaining: 0 };
  const failed = row?.lockedUntil ? 0 : (row?.failedCount ?? 0);
  return { locked: false, lockedUntil: null, attemptsRemaining: ADD_CARD_MAX_WRONG_TRIES - failed };
}

/**
 * Counts one wrong card number or activation code. The row lock makes concurrent wrong tries count
 * one by one, so parallel requests cannot slip past the third try.
 */
export async function recordFailedAddCard({ db, merchantId, userId, now }: AddCardLockOptions): Promise<AddCardLockState> {
  return db.transaction(async (tx) => {
    const row = await lockAddCardAttempts(tx, { merchantId, userId });
    if (row.lockedUntil && row.lockedUntil > now) return { locked: true, lockedUntil: row.lockedUntil, attemptsRemaining: 0 };
    // A lock that has run out starts a fresh count.
    const failedCount = (row.lockedUntil ? 0 : row.failedCount) + 1;
    if (failedCount >= ADD_CARD_MAX_WRONG_TRIES) {
      const lockedUntil = new Date(now.getTime() + lockMs);
      await updateAddCardAttempts(tx, { merchantId, userId, failedCount: 0, lockedUntil });
      return { locked: true, lockedUntil, attemptsRemaining: 0 };
    }
    await updateAddCardAttempts(tx, { merchantId, userId, failedCount, lockedUntil: null });
    return { locked: false, lockedUntil: null, attemptsRemaining: ADD_CARD_MAX_WRONG_TRIES - failedCount };
  });
}

/** A card added successfully clears the wrong tries before it. */
export async function clearFailedAddCards({ db, merchantId, userId }: Omit<AddCardLockOptions, 'now'>): Promise<void> {
  await deleteAddCardAttempts(db, { merchantId, userId });
}
