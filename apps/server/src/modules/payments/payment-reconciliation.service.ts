import type { Database } from '../../db/database.ts';
import { applyPaymentEvent, type PaymentLog } from './payment-events.service.ts';
import { openPaymentStatuses } from './payment-status.ts';
import type { PaymentsContext } from './payments.context.ts';
import { findOverdueIntents } from './payments.repository.ts';

export interface ReconcilePaymentsOptions {
  db: Database;
  payments: PaymentsContext;
  now: Date;
  log: PaymentLog;
  /** Intents asked about per run; the next run takes the rest. */
  limit?: number;
}

/**
 * Asks the provider about open intents past their expiry, whose message never came, and applies
 * its answer like a message of its own. An intent the provider still holds open is asked again on
 * the next run. Answers how many intents it settled.
 */
export async function reconcilePayments({ db, payments, now, log, limit = 100 }: ReconcilePaymentsOptions): Promise<number> {
  let settled = 0;
  for (const intent of await findOverdueIntents(db, { now, limit })) {
    const provider = payments.providers.get(intent.provider);
    if (!provider) {
      log.error({ intentId: intent.id, provider: intent.provider }, 'payment left open: its provider is not wired in here');
      continue;
    }
    const answer = await provider.queryStatus({ intent, now });
    if ((openPaymentStatuses as readonly string[]).includes(answer.status)) continue;
    // One reconciliation answer per status: a run repeated after a crash records nothing twice.
    const event = { ...answer, providerEventId: `reconciliation:${intent.id}:${answer.status}`, intentId: intent.id, kind: 'reconciliation' };
    const { outcome } = await applyPaymentEvent({ db, effects: payments.effects, provider: provider.name, event, now, log });
    if (outcome === 'applied') settled += 1;
  }
  return settled;
}
