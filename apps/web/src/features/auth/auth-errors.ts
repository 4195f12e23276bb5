import type { ErrorBody, ErrorCode } from '@kartu/contracts';
import { OTP_LOCK_MINUTES } from '@kartu/core';
import { ApiError } from '../../lib/api-client.ts';

export type LockFacts = Pick<ErrorBody, 'attemptsRemaining' | 'lockedUntil' | 'currentTime'>;

export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** The lock and attempt fields of an error answer, when the client passed them on. */
export function lockFactsOf(error: unknown): LockFacts {
  if (!(error instanceof ApiError)) return {};
  const fields: object = error;
  const facts: LockFacts = {};
  if ('attemptsRemaining' in fields && typeof fields.attemptsRemaining === 'number') facts.attemptsRemaining = fields.attemptsRemaining;
  if ('lockedUntil' in fields && typeof fields.lockedUntil === 'string') facts.lockedUntil = fields.lockedUntil;
  if ('currentTime' in fields && typeof fields.currentTime === 'string') facts.currentTime = fields.currentTime;
  return facts;
}

/**
 * When the lock ends by this browser's clock: the server's lockedUntil minus its currentTime is
 * the time left, so a device clock that is off does not shorten or stretch the countdown.
 */
export function unlockAt(lockedUntil: string | null | undefined, currentTime: string | null | undefined, now = Date.now()): number | null {
  if (!lockedUntil) return null;
  const until = Date.parse(lockedUntil);
  if (!Number.isFinite(until)) return null;
  const serverNow = currentTime ? Date.parse(currentTime) : Number.NaN;
  return Number.isFinite(serverNow) ? now + Math.max(0, until - serverNow) : until;
}

/** Field messages of a 400 VALIDATION_FAILED answer, keyed by the body field ('identifierValue'). */
export function fieldMessagesOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.details) return {};
  const messages: Record<string, string> = {};
  for (const issue of error.details) {
    const field = issue.field.replace(/^body\./, '');
    messages[field] ??= issue.message;
  }
  return messages;
}

/** '/lock?until=…' or '/device-locked?until=…', the unlock time read by this browser's clock. */
export function lockedPagePath(page: string, error: unknown, now = Date.now()): string {
  const facts = lockFactsOf(error);
  const until = unlockAt(facts.lockedUntil, facts.currentTime, now);
  return until === null ? page : `${page}?until=${encodeURIComponent(new Date(until).toISOString())}`;
}

/** When codes may be requested again after OTP_REQUESTS_LOCKED (spec: business-rules §4: 3 minutes). */
export function codeRequestsUnlockAt(error: unknown, now = Date.now()): number {
  const facts = lockFactsOf(error);
  return unlockAt(facts.lockedUntil, facts.currentTime, now) ?? now + OTP_LOCK_MINUTES * 60_000;
}
