import { z } from 'zod';
import { scanQrisSchema, type CardDetail, type QrisCardOptions, type QrisPaymentSource, type QrisWallet, type ScanQris } from '@kartu/contracts';
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

/** What pays from the card itself, at once: its points or its rupiah balance. */
export type CardPaySource = Exclude<QrisPaymentSource, 'wallet'>;

/** One way the card can pay this QRIS: what the payment takes from it, and what it holds, in its own unit. */
export interface CardPayOption {
  source: CardPaySource;
  /** Points (rounded up) or rupiah; null while there is no amount to pay yet. */
  cost: number | null;
  /** What the card holds in that unit; null while the card is still being read. */
  held: number | null;
  /** The card holds less than the cost: shown, with why, but not to be chosen. */
  tooLittle: boolean;
}

/** The points a payment of `amount` rupiah takes, rounded up as the server rounds them. */
export function pointsFor(amount: number, pointValue: number): number {
  return Math.ceil(amount / pointValue);
}

/**
 * The ways the card pays this amount besides the e-wallet, as the server says it may (`options`, not
 * known yet: none): its points where a point has a rupiah value, its balance where that is rupiah.
 */
export function cardPayOptions(options: QrisCardOptions | undefined, card: CardDetail | undefined, amount: number | null): CardPayOption[] {
  const payable = amount !== null && amount > 0 ? amount : null;
  const heldIn = (unit: CardDetail['balance']['unit']) => (card ? (card.balance.unit === unit ? card.balance.amount : 0) : null);
  const ways: Array<{ source: CardPaySource; cost: number | null; held: number | null }> = [];
  if (options && options.pointValue !== null) ways.push({ source: 'points', cost: payable === null ? null : pointsFor(payable, options.pointValue), held: heldIn('POINT') });
  if (options?.cashBalance) ways.push({ source: 'balance', cost: payable, held: heldIn('CASH') });
  return ways.map((way) => ({ ...way, tooLittle: way.cost !== null && way.held !== null && way.held < way.cost }));
}

/** The source chosen while it can still pay, else the wallet, which always can. */
export function paySourceToUse(options: readonly CardPayOption[], chosen: QrisPaymentSource): QrisPaymentSource {
  return options.some((option) => option.source === chosen && !option.tooLittle) ? chosen : 'wallet';
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
