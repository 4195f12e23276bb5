import type { PaymentStatus } from '@kartu/contracts';

/** How often an open payment is read again while the member waits on its page. */
export const PAYMENT_POLL_MS = 3000;

const openStatuses: ReadonlySet<PaymentStatus> = new Set(['pending', 'waiting_payment']);

/** Paid, failed, expired and cancelled never change again (docs/decisions/017-payments.md). */
export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return !openStatuses.has(status);
}
