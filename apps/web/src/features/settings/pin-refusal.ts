import { ApiError } from '../../lib/api-client.ts';

/** What a refused PIN means for a settings flow: changing the PIN, deleting the account (spec: app-core §4 Change PIN, §8). */
export type PinRefusal =
  | { kind: 'wrong-pin'; attemptsRemaining: number | null }
  | { kind: 'locked'; lockedUntil: string | null; currentTime: string | null }
  | { kind: 'other' };

export function readPinRefusal(error: unknown): PinRefusal {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (error.status === 429) return { kind: 'locked', lockedUntil: error.lockedUntil ?? null, currentTime: error.currentTime ?? null };
  if (error.status === 400 && error.code === 'PIN_INVALID') return { kind: 'wrong-pin', attemptsRemaining: error.attemptsRemaining ?? null };
  return { kind: 'other' };
}
