import { z } from 'zod';
import type { PaymentStatus } from '@kartu/contracts';
import type { PaymentStatusAnswer } from '../payment-provider.ts';
import { amountMinorOf } from './xendit.amounts.ts';
import { xenditFailureReason } from './xendit.failure-reasons.ts';
import { callXendit, type XenditApi } from './xendit.http.ts';

/*
 * Xendit's card API, which the SDK has no client for: a token the member's browser made with the
 * public key is charged with `POST /credit_card_charges` (settled in its answer) and asked about
 * again with `GET /credit_card_charges/{id}`.
 */

type SettledStatus = Exclude<PaymentStatus, 'pending'>;

/** A card charge's status at Xendit in our terms; an authorisation not yet captured is still open. */
export const statusOfCardCharge: Readonly<Record<string, SettledStatus>> = {
  CAPTURED: 'paid',
  FAILED: 'failed',
  REVERSED: 'cancelled',
};

const cardChargeSchema = z.looseObject({
  id: z.string().min(1).max(200),
  external_id: z.string().max(255).nullish(),
  status: z.string().min(1).max(50),
  capture_amount: z.number().nullish(),
  currency: z.string().max(3).nullish(),
  failure_reason: z.string().max(200).nullish(),
});
export type XenditCardCharge = z.output<typeof cardChargeSchema>;

export function createCardCharge(api: XenditApi, body: { token_id: string; external_id: string; amount: number; currency: 'IDR' }): Promise<XenditCardCharge> {
  return callXendit(api, { method: 'POST', path: '/credit_card_charges', body, what: 'card charge' }, cardChargeSchema);
}

export function getCardCharge(api: XenditApi, chargeId: string): Promise<XenditCardCharge> {
  return callXendit(api, { method: 'GET', path: `/credit_card_charges/${encodeURIComponent(chargeId)}`, what: 'card charge' }, cardChargeSchema);
}

/** What we keep of a card charge in the event log: never the token. */
function cardChargePayload(charge: XenditCardCharge): Record<string, unknown> {
  return {
    id: charge.id,
    external_id: charge.external_id ?? null,
    status: charge.status,
    capture_amount: charge.capture_amount ?? null,
    currency: charge.currency ?? null,
    failure_reason: charge.failure_reason ?? null,
  };
}

export function cardChargeAnswer(charge: XenditCardCharge, status: SettledStatus): PaymentStatusAnswer {
  // Only a capture moves money: a declined or reversed charge claims no amount of its own.
  const captured = status === 'paid';
  return {
    status,
    amountMinor: captured ? amountMinorOf(charge.capture_amount) : null,
    currency: captured ? (charge.currency ?? 'IDR') : null,
    // The bank rarely says why: a reason Xendit does not name reads as a declined card.
    failureReason: status === 'failed' ? xenditFailureReason(charge.failure_reason, 'card_declined') : null,
    payload: cardChargePayload(charge),
  };
}
