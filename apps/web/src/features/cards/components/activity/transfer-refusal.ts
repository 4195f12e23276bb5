import { ApiError } from '../../../../lib/api-client.ts';
import { unlockAt } from '../../../../lib/lock-redirect.ts';

/** What a refused transfer means for the flow (spec: app-core §4 PIN TRANSACTION, §8; business-rules §8). */
export type TransferRefusal =
  | { kind: 'wrong-pin'; attemptsRemaining: number | null }
  | { kind: 'locked'; unlockAt: number | null }
  | { kind: 'insufficient-balance' }
  | { kind: 'recipient-gone' }
  /** No answer reached us: the same submission may be sent again with the same key. */
  | { kind: 'unreachable' }
  | { kind: 'other' };

export function readTransferRefusal(error: unknown, now = Date.now()): TransferRefusal {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (error.status === 0) return { kind: 'unreachable' };
  switch (error.code) {
    case 'PIN_INVALID':
      return { kind: 'wrong-pin', attemptsRemaining: error.attemptsRemaining ?? null };
    case 'PIN_LOCKED':
      return { kind: 'locked', unlockAt: unlockAt(error, now) };
    case 'INSUFFICIENT_BALANCE':
      return { kind: 'insufficient-balance' };
    case 'RECIPIENT_NOT_FOUND':
      return { kind: 'recipient-gone' };
    default:
      return { kind: 'other' };
  }
}

/** A fresh Idempotency-Key. randomUUID needs a secure context, so plain-http hosts build one from random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
