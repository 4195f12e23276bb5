import { ApiError } from '../../lib/api-client.ts';
import { unlockAt } from '../../lib/lock-redirect.ts';

/** What the add-card flow does with a failed call. */
export type AddCardFailure =
  | { kind: 'locked'; until: number | null }
  | { kind: 'not-found'; attemptsRemaining: number | undefined }
  | { kind: 'wrong-code'; attemptsRemaining: number | undefined }
  | { kind: 'in-wallet' }
  | { kind: 'taken' }
  | { kind: 'other'; error: unknown };

// spec: business-rules §4 (3 wrong numbers or codes lock adding cards for 24 hours), §8 card messages.
export function addCardFailureOf(error: unknown, now = Date.now()): AddCardFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', error };
  switch (error.code) {
    case 'ADD_CARD_LOCKED':
      return { kind: 'locked', until: unlockAt(error, now) };
    case 'CARD_NOT_FOUND':
      return { kind: 'not-found', attemptsRemaining: error.attemptsRemaining };
    case 'ACTIVATION_CODE_INVALID':
      return { kind: 'wrong-code', attemptsRemaining: error.attemptsRemaining };
    case 'CARD_IN_WALLET':
      return { kind: 'in-wallet' };
    case 'CARD_TAKEN':
      return { kind: 'taken' };
    default:
      return { kind: 'other', error };
  }
}

/** The number a scanned card QR carries: the code itself, or the last 16-digit run of a link to it. */
export function cardNumberFromScan(text: string): string | null {
  const runs = text.match(/\d{16,}/g);
  const last = runs?.[runs.length - 1];
  return last && last.length === 16 ? last : null;
}
