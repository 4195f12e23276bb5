import { paymentFailureReasonSchema, type PaymentFailureReason } from '@kartu/contracts';

/** One provider's failure codes (upper case, as it sends them) read onto ours. */
export type FailureCodeTable = Readonly<Record<string, PaymentFailureReason>>;

/** A provider's failure code in our words; a code it does not list reads as `fallback`. */
export function failureReasonOf(table: FailureCodeTable, code: string | null | undefined, fallback: PaymentFailureReason = 'failed'): PaymentFailureReason {
  const key = code?.trim().toUpperCase();
  return key && Object.hasOwn(table, key) ? (table[key] ?? fallback) : fallback;
}

/**
 * A stored reason as the member is told it. Rows written before providers' codes were read onto
 * ours may hold a provider's own code: those read `failed`.
 */
export function readFailureReason(stored: string | null): PaymentFailureReason | null {
  if (stored === null) return null;
  const known = paymentFailureReasonSchema.safeParse(stored);
  return known.success ? known.data : 'failed';
}
