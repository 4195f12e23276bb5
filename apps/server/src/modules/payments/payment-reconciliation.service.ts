import type { Database } from '../../db/database.ts';
import { applyPaymentEvent, type PaymentLog } from './payment-events.service.ts';
import { openPaymentStatuses } from './payment-status.ts';
import type { PaymentsContext } from './payments.context.ts';
import { findOverdueIntents, markIntentAsked } from './payments.repository.ts';
import type { PaymentIntentRow } from './payments.table.ts';

export interface ReconcilePaymentsOptions {
  db: Database;
  payments: PaymentsContext;
  now: Date;
  log: PaymentLog;
  /** Intents asked about per run; the next run takes the rest. */
  limit?: number;
}

/**
 * What a failed question is logged with: the error's kind and its first words. Never the error
 * itself, whose request or cause could carry the provider's keys.
 */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  return `${error.name}: ${error.message}`.slice(0, 300);
}

/** Asks the intent's provider about it and applies the answer; true when that settled it. */
async function reconcileIntent({ db, payments, now, log }: Omit<ReconcilePaymentsOptions, 'limit'>, intent: PaymentIntentRow): Promise<boolean> {
  const provider = payments.providers.get(intent.provider);
  if (!provider) {
    log.error({ intentId: intent.id, provider: intent.provider }, 'payment left open: its provider is not wired in here');
    return false;
  }
  const answer = await provider.queryStatus({ intent, now });
  if ((openPaymentStatuses as readonly string[]).includes(answer.status)) return false;
  // One reconciliation answer per status: a run repeated after a crash records nothing twice.
  const event = { ...answer, providerEventId: `reconciliation:${intent.id}:${answer.status}`, intentId: intent.id, kind: 'reconciliation' };
  const { outcome } = await applyPaymentEvent({ db, effects: payments.effects, provider: provider.name, event, now, log });
  return outcome === 'applied';
}

/**
 * Asks the provider about open intents past their expiry, whose message never came, and applies
 * its answer like a message of its own. One provider that fails to answer (a timeout) costs that
 * intent only: it is logged and asked again on a later run. An intent left open goes behind the
 * others (findOverdueIntents). Answers how many intents it settled.
 */
export async function reconcilePayments({ db, payments, now, log, limit = 100 }: ReconcilePaymentsOptions): Promise<number> {
  let settled = 0;
  for (const intent of await findOverdueIntents(db, { now, limit })) {
    try {
      if (await reconcileIntent({ db, payments, now, log }, intent)) settled += 1;
    } catch (error) {
      log.error({ intentId: intent.id, provider: intent.provider, error: describeError(error) }, 'payment reconciliation: the provider could not be asked');
    }
    await markIntentAsked(db, { id: intent.id, now });
  }
  return settled;
}
