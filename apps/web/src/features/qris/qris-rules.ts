import { z } from 'zod';
import { scanQrisSchema, type QrisWallet, type ScanQris } from '@kartu/contracts';
import { QRIS_MAX_AMOUNT } from '@kartu/core/constants';

/** Brand names, the same in every language. */
export const walletNames: Readonly<Record<QrisWallet, string>> = {
  gopay: 'GoPay',
  ovo: 'OVO',
  dana: 'DANA',
  shopeepay: 'ShopeePay',
  linkaja: 'LinkAja',
};

export type AmountProblem = 'missing' | 'tooHigh';

/** spec: business-rules §8, §9: a QRIS payment is more than Rp 0 and at most Rp 2,000,000 per transaction. */
export function amountProblem(amount: number | null): AmountProblem | null {
  if (amount === null || amount <= 0) return 'missing';
  return amount > QRIS_MAX_AMOUNT ? 'tooHigh' : null;
}

/**
 * Whether a text can be a QRIS at all: EMVCo merchant-presented codes open with the payload format
 * indicator "000201". Anything else in the page's address is not sent to the scan call, which would
 * claim a till's or a printed code rather than read it.
 */
export function looksLikeQris(payload: string): boolean {
  return payload.startsWith('000201');
}

const scannerStateSchema = z.object({ qris: scanQrisSchema });

/** The QRIS the scanner handed over in the navigation state, when it is the one the address names (or the address names none). */
export function qrisFromScanner(state: unknown, payload: string): ScanQris | null {
  const parsed = scannerStateSchema.safeParse(state);
  if (!parsed.success) return null;
  return payload === '' || parsed.data.qris.qris === payload ? parsed.data.qris : null;
}

/** A payment's reference as the member reads it out: the start of its id. */
export function paymentReference(paymentId: string): string {
  return paymentId.replace(/-/g, '').slice(0, 8).toUpperCase();
}
