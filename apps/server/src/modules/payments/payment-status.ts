import type { PaymentStatus } from '@kartu/contracts';

/**
 * The statuses each status may move to (docs/decisions/017-payments.md). Migration 0014's trigger
 * holds the database to the same table; payment-status.test.ts checks that both agree.
 */
export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['waiting_payment', 'paid', 'failed', 'expired', 'cancelled'],
  waiting_payment: ['paid', 'failed', 'expired', 'cancelled'],
  paid: [],
  failed: [],
  expired: [],
  cancelled: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** The statuses a payment may still leave: anything else is its outcome for good. */
export const openPaymentStatuses = ['pending', 'waiting_payment'] as const satisfies readonly PaymentStatus[];
