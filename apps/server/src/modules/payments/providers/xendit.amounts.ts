import { AppError } from '../../../lib/app-error.ts';
import type { PaymentIntentRow } from '../payments.table.ts';

/**
 * Xendit's amount for ours. Xendit counts IDR in whole rupiah and we count IDR with no minor
 * digits, so the numbers are the same; the channels here (QRIS, Indonesian banks and e-wallets)
 * take nothing but IDR.
 */
export function xenditAmount(intent: PaymentIntentRow): number {
  if (intent.currency !== 'IDR') throw new AppError('UNPROCESSABLE', { message: `Xendit takes IDR payments only here, not ${intent.currency}` });
  const amount = Number(intent.amountMinor);
  if (!Number.isSafeInteger(amount)) throw new AppError('UNPROCESSABLE', { message: 'This amount is too large for Xendit' });
  return amount;
}

/** An amount Xendit reported, in our minor units; null when it reported none. */
export function amountMinorOf(amount: number | null | undefined): bigint | null {
  if (amount === null || amount === undefined) return null;
  if (!Number.isSafeInteger(amount)) throw new AppError('VALIDATION_FAILED', { message: 'A Xendit IDR amount is a whole number of rupiah' });
  return BigInt(amount);
}
