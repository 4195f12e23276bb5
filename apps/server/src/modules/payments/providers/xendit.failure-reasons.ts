import type { PaymentFailureReason } from '@kartu/contracts';
import { failureReasonOf, type FailureCodeTable } from '../payment-failure-reasons.ts';

/**
 * Xendit's failure codes, from a payment request's `failure_code` and a card charge's
 * `failure_reason`, in our words (decision 017). The code itself stays in the event log.
 */
const xenditFailureCodes: FailureCodeTable = {
  CARD_DECLINED: 'card_declined',
  DECLINED_BY_ISSUER: 'card_declined',
  INACTIVE_CARD: 'card_declined',
  INACTIVE_OR_UNAUTHORIZED_CARD: 'card_declined',
  BIN_BLOCK: 'card_declined',
  DECLINED_BY_PROCESSOR: 'declined',
  INVALID_PAYMENT_DETAILS: 'declined',
  EXPIRED_CARD: 'card_expired',
  CARD_EXPIRED: 'card_expired',
  INVALID_CVN: 'card_invalid',
  INVALID_CVV: 'card_invalid',
  INVALID_CARD_NUMBER: 'card_invalid',
  AUTHENTICATION_FAILED: 'authentication_failed',
  INSUFFICIENT_BALANCE: 'insufficient_balance',
  MAX_AMOUNT_LIMIT_ERROR: 'limit_exceeded',
  ACCOUNT_ACCESS_BLOCKED: 'account_unavailable',
  ACCOUNT_NOT_ACTIVATED: 'account_unavailable',
  INVALID_ACCOUNT_DETAILS: 'account_unavailable',
  USER_DECLINED_PAYMENT: 'cancelled_by_member',
  USER_DID_NOT_AUTHORIZE_THE_PAYMENT: 'cancelled_by_member',
  STOLEN_CARD: 'suspected_fraud',
  ISSUER_SUSPECT_FRAUD: 'suspected_fraud',
  FRAUD_RISK_BLOCKED: 'suspected_fraud',
  PROCESSOR_ERROR: 'provider_unavailable',
  CHANNEL_UNAVAILABLE: 'provider_unavailable',
  ISSUER_UNAVAILABLE: 'provider_unavailable',
  TEMPORARILY_UNAVAILABLE: 'provider_unavailable',
};

/** A Xendit failure code in our words; Xendit writes some with spaces ("DECLINED BY ISSUER"). */
export function xenditFailureReason(code: string | null | undefined, fallback: PaymentFailureReason = 'failed'): PaymentFailureReason {
  return failureReasonOf(xenditFailureCodes, code?.replace(/\s+/g, '_'), fallback);
}
