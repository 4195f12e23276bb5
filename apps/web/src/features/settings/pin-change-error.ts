import { ApiError } from '../../lib/api-client.ts';

/** What a refused PIN change means for the flow (spec: app-core §4 Change PIN, §8). */
export type PinChangeError =
  | { kind: 'wrong-pin'; attemptsRemaining: number | null }
  | { kind: 'locked'; lockedUntil: string | null; currentTime: string | null }
  | { kind: 'other' };

// The error body carries attemptsRemaining, lockedUntil and currentTime (contracts: errorBodySchema);
// they are read only when the client passed them on, so the flow still works with the bare status.
function attemptsOf(error: ApiError): number | null {
  return 'attemptsRemaining' in error && typeof error.attemptsRemaining === 'number' ? error.attemptsRemaining : null;
}

function lockedUntilOf(error: ApiError): string | null {
  return 'lockedUntil' in error && typeof error.lockedUntil === 'string' ? error.lockedUntil : null;
}

function currentTimeOf(error: ApiError): string | null {
  return 'currentTime' in error && typeof error.currentTime === 'string' ? error.currentTime : null;
}

export function readPinChangeError(error: unknown): PinChangeError {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (error.status === 429) return { kind: 'locked', lockedUntil: lockedUntilOf(error), currentTime: currentTimeOf(error) };
  if (error.status === 400 && error.code === 'PIN_INVALID') return { kind: 'wrong-pin', attemptsRemaining: attemptsOf(error) };
  return { kind: 'other' };
}
