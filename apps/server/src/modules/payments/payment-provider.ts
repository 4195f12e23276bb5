import type { PaymentFailureReason, PaymentInstructions, PaymentMethod, PaymentProviderName, PaymentStatus } from '@kartu/contracts';
import type { PaymentIntentRow } from './payments.table.ts';

/** The charge a provider made for an intent: its id there, and what the member must do to pay. */
export interface PaymentCharge {
  providerReference: string;
  instructions: PaymentInstructions;
  /**
   * Set when the provider settled the charge in its answer (a saved card charged without the
   * member): applied like a message from the provider, with this id.
   */
  settled?: PaymentStatusAnswer & { providerEventId: string };
  /** A token the provider keeps for the card just charged, to charge it again later (a saved card). */
  reusableCardToken?: string;
}

/** A provider's message in our terms, whichever provider sent it. */
export interface PaymentEvent {
  /** The provider's id of the message: a second delivery of it changes nothing. */
  providerEventId: string;
  intentId: string;
  /** `reconciliation` when it answers our own question about the intent; else the status reported. */
  kind: string;
  status: Exclude<PaymentStatus, 'pending'>;
  /** What the provider says was charged; null when its message does not say. */
  amountMinor: bigint | null;
  currency: string | null;
  /** The provider's reason read onto ours (its own code stays in the payload); set when the status is `failed`. */
  failureReason: PaymentFailureReason | null;
  payload: Record<string, unknown>;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** What a provider answers when asked about an intent (reconciliation). */
export type PaymentStatusAnswer = Pick<PaymentEvent, 'status' | 'amountMinor' | 'currency' | 'failureReason' | 'payload'>;

/**
 * One payment provider behind the same three calls. Adapters for real providers (Xendit,
 * Midtrans) implement this; the sandbox does for development.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The key the member's browser tokenises a card with at the provider; null when it takes no cards that way. */
  readonly publicKey: string | null;
  /** Where the member's browser tokenises a card (its origin is allowed by the app's CSP); absent when the provider takes no cards that way. */
  readonly tokenizationUrl?: string;
  /** The methods it takes; every method when absent. */
  readonly methods?: readonly PaymentMethod[];
  /**
   * True when what authenticates the provider's messages does not cover the status they report
   * (Midtrans signs the order, a status code and the amount; Xendit sends a fixed token): a status
   * its message reports is applied only as queryStatus, asked at once, confirms it.
   */
  readonly confirmsReportedStatus?: boolean;
  /**
   * Makes the charge at the provider. Called outside any database transaction. `cardToken` is a
   * card the provider tokenised earlier (the member's card on file), charged without redirecting.
   * `returnUrl` is where the provider's page sends the member back: the app's page for the payment
   * on the site the member pays from; absent when no member is at hand (a renewal job).
   */
  createCharge(input: { intent: PaymentIntentRow; now: Date; cardToken?: string; returnUrl?: string }): Promise<PaymentCharge>;
  /**
   * Checks the message's signature (throws PAYMENT_SIGNATURE_INVALID) and reads it. Null for a
   * genuine message that settles no payment of ours (a refund, a saved card's callback): the
   * provider is answered 200 so it stops delivering it. A body it cannot read still throws.
   */
  parseWebhook(input: { rawBody: string; headers: WebhookHeaders }): PaymentEvent | null;
  /** The intent's status at the provider, for intents whose message never came. */
  queryStatus(input: { intent: PaymentIntentRow; now: Date }): Promise<PaymentStatusAnswer>;
}

/**
 * The answer of a provider that keeps no state of its own to ask (the sandbox, a transfer into the
 * merchant's account): an intent still open past its expiry has expired.
 */
export function openUntilExpiry(intent: PaymentIntentRow, now: Date): PaymentStatusAnswer {
  return {
    status: intent.expiresAt.getTime() <= now.getTime() ? 'expired' : 'waiting_payment',
    amountMinor: intent.amountMinor,
    currency: intent.currency,
    failureReason: null,
    payload: { intentId: intent.id, asked: now.toISOString() },
  };
}
