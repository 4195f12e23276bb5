import type { PaymentProviderName, PaymentWebhookAnswer } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEffects } from './payment-effects.ts';
import { paymentMoved } from './payment-moved.ts';
import type { PaymentEvent, PaymentProvider, WebhookHeaders } from './payment-provider.ts';
import { canMovePayment } from './payment-status.ts';
import type { PaymentsContext } from './payments.context.ts';
import { findEvent, findIntentById, insertEvent, lockIntent, moveIntent } from './payments.repository.ts';
import type { PaymentIntentRow } from './payments.table.ts';

/** Where a refused message is reported: an operator has to look at it. */
export interface PaymentLog {
  error(details: object, message: string): void;
}

/** A message id seen since the intent was locked (the provider reused it for another intent). */
class DuplicateEvent extends Error {}

function outcomeOf(intent: PaymentIntentRow, event: PaymentEvent): 'applied' | 'ignored' | 'refused' {
  const claimsOtherAmount = event.amountMinor !== null && event.amountMinor !== intent.amountMinor;
  const claimsOtherCurrency = event.currency !== null && event.currency !== intent.currency;
  if (claimsOtherAmount || claimsOtherCurrency) return 'refused';
  // A stale or repeated status (a late "pending", a "paid" after "paid") changes nothing.
  return canMovePayment(intent.status, event.status) ? 'applied' : 'ignored';
}

export interface ApplyPaymentEventOptions {
  db: Database;
  effects: PaymentEffects;
  provider: PaymentProviderName;
  event: PaymentEvent;
  now: Date;
  log: PaymentLog;
}

/**
 * Records a provider's message and applies it once: the status move, the subject's effect and the
 * event log row commit together. A message seen before answers `duplicate` and changes nothing.
 */
export async function applyPaymentEvent({ db, effects, provider, event, now, log }: ApplyPaymentEventOptions): Promise<PaymentWebhookAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const intent = isUuid(event.intentId) ? await lockIntent(tx, event.intentId) : undefined;
      if (!intent || intent.provider !== provider) throw new AppError('PAYMENT_NOT_FOUND');
      if (await findEvent(tx, { provider, providerEventId: event.providerEventId })) return { outcome: 'duplicate' as const };
      const outcome = outcomeOf(intent, event);
      if (outcome === 'refused') {
        log.error(
          { intentId: intent.id, provider, providerEventId: event.providerEventId, reported: { amount: String(event.amountMinor), currency: event.currency } },
          'payment message refused: its amount or currency is not the intent\'s',
        );
      }
      if (outcome === 'ignored' && event.status === 'paid' && intent.status !== 'paid') {
        log.error({ intentId: intent.id, provider, providerEventId: event.providerEventId, status: intent.status }, 'payment reported paid after it was final: it needs a refund');
      }
      if (outcome === 'applied') {
        const failureReason = event.status === 'failed' ? (event.failureReason ?? 'failed') : null;
        const moved = await moveIntent(tx, { id: intent.id, from: [intent.status], to: event.status, failureReason, now });
        if (!moved) throw new Error('A locked payment intent did not move');
        await paymentMoved(effects, { tx, intent: moved, now });
      }
      const { providerEventId, kind, payload } = event;
      const recorded = await insertEvent(tx, { intentId: intent.id, merchantId: intent.merchantId, provider, providerEventId, kind, outcome, payload, receivedAt: now });
      if (!recorded) throw new DuplicateEvent();
      return { outcome };
    });
  } catch (error) {
    if (error instanceof DuplicateEvent) return { outcome: 'duplicate' };
    throw error;
  }
}

export interface ReceivePaymentWebhookOptions {
  db: Database;
  payments: PaymentsContext;
  provider: PaymentProviderName;
  rawBody: string;
  headers: WebhookHeaders;
  now: Date;
  log: PaymentLog;
}

/**
 * What a message of a provider whose authentication leaves its status unsigned comes to: the status
 * its status API answers for the intent now, under the message's id. A message replayed with a
 * status it never carried changes nothing the provider does not confirm. A message about another
 * amount is not asked about: it is refused as it stands (applyPaymentEvent). A provider that cannot
 * be asked answers 503, and it delivers the message again later.
 */
async function confirmedEvent(db: Database, provider: PaymentProvider, event: PaymentEvent, now: Date): Promise<PaymentEvent> {
  const intent = isUuid(event.intentId) ? await findIntentById(db, event.intentId) : undefined;
  if (!intent || intent.provider !== provider.name) throw new AppError('PAYMENT_NOT_FOUND');
  if (outcomeOf(intent, event) === 'refused') return event;
  let answer;
  try {
    answer = await provider.queryStatus({ intent, now });
  } catch {
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  return { ...event, ...answer, payload: { message: event.payload, confirmedBy: answer.payload } };
}

/**
 * A provider's webhook: nothing is read or written before its signature is checked, nor for a
 * message that settles no payment here.
 */
export async function receivePaymentWebhook({ db, payments, provider: name, rawBody, headers, now, log }: ReceivePaymentWebhookOptions): Promise<PaymentWebhookAnswer> {
  const provider = payments.providers.get(name);
  if (!provider) throw new AppError('NOT_FOUND', { message: 'This payment provider is not available here' });
  const reported = provider.parseWebhook({ rawBody, headers });
  // Nothing of ours to settle: answered without a row, so the log holds messages about intents only.
  if (!reported) return { outcome: 'ignored' };
  // A message that the payment still waits moves nothing anywhere it could matter: not worth a call.
  const confirms = provider.confirmsReportedStatus === true && reported.status !== 'waiting_payment';
  const event = confirms ? await confirmedEvent(db, provider, reported, now) : reported;
  // Still open at the provider: nothing to apply yet (a later message, or reconciliation, settles it).
  if (event.status === 'waiting_payment' && reported.status !== 'waiting_payment') return { outcome: 'ignored' };
  return applyPaymentEvent({ db, effects: payments.effects, provider: name, event, now, log });
}
