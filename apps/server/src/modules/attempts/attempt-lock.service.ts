import { HOUR_MS } from '@kartu/core/calendar';
import { CODE_ENTRY_LOCK_HOURS, CODE_ENTRY_MAX_WRONG_TRIES } from '@kartu/core/constants';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearAttemptRow, findAttemptRows, lockAttemptRow, saveAttemptRow, type AttemptKey } from './attempts.repository.ts';
import type { AttemptScope, AuthAttemptRow } from './attempts.table.ts';

export type { AttemptKey };

/*
 * Attempt locks (sign-in codes and PINs, card numbers and activation codes, voucher redemption
 * codes, gift PINs): one row per merchant, scope and subject counts wrong attempts and holds the
 * lock; concurrent attempts wait on the row.
 */

/** A code typed at the counter or a gift's PIN (business-rules §4 code entry): the third wrong one locks for 24 hours. */
export const codeEntryLock = { lockAt: CODE_ENTRY_MAX_WRONG_TRIES, lockMs: CODE_ENTRY_LOCK_HOURS * HOUR_MS } as const;

export type LockedCode = 'LOGIN_LOCKED' | 'PIN_LOCKED' | 'OTP_REQUESTS_LOCKED' | 'VOUCHER_LOCKED' | 'GIFT_LOCKED' | 'GIFT_CARD_LOCKED' | 'RECIPIENT_LOOKUP_LOCKED' | 'ADD_CARD_LOCKED' | 'STORE_CODE_LOCKED' | 'QR_LOCKED' | 'CODE_LOCKED';

/** What one guarded check found: counted as a wrong attempt, passed, or refused without counting. */
export type CheckOutcome<T> = { kind: 'pass'; value: T } | { kind: 'wrong' } | { kind: 'refuse'; error: AppError };

export interface GuardedAttemptOptions<T> {
  db: Database;
  key: AttemptKey;
  now: Date;
  /** The wrong attempt that locks (the third). */
  lockAt: number;
  lockMs: number;
  lockedCode: Exclude<LockedCode, 'OTP_REQUESTS_LOCKED' | 'RECIPIENT_LOOKUP_LOCKED'>;
  wrong: (attemptsRemaining: number) => AppError;
  /** Runs while the attempt row is locked, inside the same transaction as the count. */
  check: (tx: Database) => Promise<CheckOutcome<T>>;
}

function lockedError(code: LockedCode, lockedUntil: Date, now: Date): AppError {
  return new AppError(code, { lockedUntil, currentTime: now });
}

/** A lock that has ended leaves nothing behind: the count starts again. */
function isLocked(lockedUntil: Date | null, now: Date): lockedUntil is Date {
  return lockedUntil !== null && lockedUntil > now;
}

/** Counts one wrong attempt on the locked row: the `lockAt`-th locks the subject for `lockMs`. */
async function countWrong(
  tx: Database,
  { key, row, now, lockAt, lockMs }: { key: AttemptKey; row: AuthAttemptRow; now: Date; lockAt: number; lockMs: number },
): Promise<{ kind: 'locked'; until: Date } | { kind: 'counted'; remaining: number }> {
  // A lock that has run out leaves nothing behind: the count starts again.
  const failures = row.lockedUntil ? 0 : row.counter;
  if (failures + 1 >= lockAt) {
    const until = new Date(now.getTime() + lockMs);
    await saveAttemptRow(tx, key, { counter: 0, windowStartedAt: now, lockedUntil: until });
    return { kind: 'locked', until };
  }
  await saveAttemptRow(tx, key, { counter: failures + 1, windowStartedAt: row.windowStartedAt ?? now, lockedUntil: null });
  return { kind: 'counted', remaining: lockAt - failures - 1 };
}

/**
 * Checks a secret (code or PIN) while holding the subject's attempt row, so concurrent guesses are
 * counted one after another and never get more checks than the lock allows. While locked, the
 * secret is not checked at all. The count is committed before any error is thrown.
 */
export async function guardedAttempt<T>(options: GuardedAttemptOptions<T>): Promise<T> {
  const { db, key, now, lockAt, lockMs } = options;
  type Result = CheckOutcome<T> | { kind: 'locked'; until: Date } | { kind: 'counted'; remaining: number };
  const result = await db.transaction(async (tx): Promise<Result> => {
    const row = await lockAttemptRow(tx, key);
    if (isLocked(row.lockedUntil, now)) return { kind: 'locked', until: row.lockedUntil };
    const outcome = await options.check(tx);
    if (outcome.kind === 'pass') {
      await saveAttemptRow(tx, key, { counter: 0, windowStartedAt: null, lockedUntil: null });
      return outcome;
    }
    if (outcome.kind === 'refuse') return outcome;
    return countWrong(tx, { key, row, now, lockAt, lockMs });
  });
  switch (result.kind) {
    case 'pass':
      return result.value;
    case 'refuse':
      throw result.error;
    case 'locked':
      throw lockedError(options.lockedCode, result.until, now);
    case 'counted':
    case 'wrong':
      throw options.wrong(result.kind === 'counted' ? result.remaining : 0);
  }
}

/**
 * Counts one wrong attempt whose secret was checked outside a guarded check (a card number that
 * matches no card): answers the tries left, or throws the lock's error once this one locks (or a
 * lock already holds). The row lock counts concurrent wrong tries one by one.
 */
export async function countWrongAttempt({ db, key, now, lockAt, lockMs, lockedCode }: { db: Database; key: AttemptKey; now: Date; lockAt: number; lockMs: number; lockedCode: LockedCode }): Promise<number> {
  const result = await db.transaction(async (tx) => {
    const row = await lockAttemptRow(tx, key);
    if (isLocked(row.lockedUntil, now)) return { kind: 'locked' as const, until: row.lockedUntil };
    return countWrong(tx, { key, row, now, lockAt, lockMs });
  });
  if (result.kind === 'locked') throw lockedError(lockedCode, result.until, now);
  return result.remaining;
}

/**
 * Counts one request of a rationed kind (a sign-in code sent, a recipient looked up in vain):
 * `limit` within `windowMs`, then a lock of `lockMs`, after which the count starts again. Answers
 * the requests still allowed.
 */
export async function countRequest({
  db,
  key,
  now,
  limit,
  windowMs,
  lockMs,
  lockedCode = 'OTP_REQUESTS_LOCKED',
}: {
  db: Database;
  key: AttemptKey;
  now: Date;
  limit: number;
  windowMs: number;
  lockMs: number;
  lockedCode?: 'OTP_REQUESTS_LOCKED' | 'RECIPIENT_LOOKUP_LOCKED';
}): Promise<number> {
  const result = await db.transaction(async (tx) => {
    const row = await lockAttemptRow(tx, key);
    if (isLocked(row.lockedUntil, now)) return { locked: row.lockedUntil, remaining: 0 };
    const fresh = row.lockedUntil !== null || !row.windowStartedAt || now.getTime() - row.windowStartedAt.getTime() >= windowMs;
    const counter = fresh ? 0 : row.counter;
    if (counter >= limit) {
      const until = new Date(now.getTime() + lockMs);
      await saveAttemptRow(tx, key, { counter: 0, windowStartedAt: null, lockedUntil: until });
      return { locked: until, remaining: 0 };
    }
    await saveAttemptRow(tx, key, { counter: counter + 1, windowStartedAt: fresh ? now : row.windowStartedAt, lockedUntil: null });
    return { locked: null, remaining: limit - counter - 1 };
  });
  if (result.locked) throw lockedError(lockedCode, result.locked, now);
  return result.remaining;
}

/** The latest end among the active locks of these scopes and subjects, or null. */
export async function activeLockUntil({
  db,
  merchantId,
  keys,
  now,
}: {
  db: Database;
  merchantId: number;
  keys: { scope: AttemptScope; subject: string }[];
  now: Date;
}): Promise<Date | null> {
  const rows = await findAttemptRows(db, merchantId, keys);
  let latest: Date | null = null;
  for (const row of rows) {
    if (isLocked(row.lockedUntil, now) && (!latest || row.lockedUntil > latest)) latest = row.lockedUntil;
  }
  return latest;
}

/** Throws the lock's error when the subject is locked; used before work that should not start. */
export async function assertNotLocked({
  db,
  key,
  now,
  code,
}: {
  db: Database;
  key: AttemptKey;
  now: Date;
  code: LockedCode;
}): Promise<void> {
  const until = await activeLockUntil({ db, merchantId: key.merchantId, keys: [key], now });
  if (until) throw lockedError(code, until, now);
}

/** Forgets a subject's count and lock (a PIN set anew). */
export async function clearAttempts(db: Database, key: AttemptKey): Promise<void> {
  await clearAttemptRow(db, key);
}
