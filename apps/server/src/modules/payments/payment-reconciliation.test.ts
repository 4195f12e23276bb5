import { secretsFor } from '../../http/app-secrets.ts';
import { HOUR_MS, MINUTE_MS } from '@kartu/core/calendar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverJobHandlers, serverRecurringJobs } from '../../jobs/jobs.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import type { TestApp } from '../../test/test-app.ts';
import { runDueJobs, scheduleRecurringJobs } from '../jobs/job-worker.ts';
import { selectOutboxDrivers } from '../outbox/outbox.drivers.ts';
import { applyPaymentEvent } from './payment-events.service.ts';
import { openUntilExpiry, type PaymentProvider } from './payment-provider.ts';
import { reconcilePayments } from './payment-reconciliation.service.ts';
import { findIntentEvents } from './payments.repository.ts';
import { getMemberPayment } from './payments.service.ts';
import { createPaymentsTestApp, newPayment, testPayments } from './payments.test-support.ts';
import { sandboxBiller } from '../../modules/bills/billers/sandbox.biller.ts';

let testApp: TestApp;
let member: TestMember;
const quietLog = { info: () => {}, error: () => {} };

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  member = await newMember(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const statusOf = async (id: string) => (await getMemberPayment({ db: testApp.db, merchantId: member.user.merchantId, userId: member.userId, paymentId: id })).status;

/** Queues this period's reconcile-payments job and runs it, as a worker would. */
async function runReconcileJob() {
  await scheduleRecurringJobs({ db: testApp.db, recurring: serverRecurringJobs.filter((job) => job.name === 'reconcile-payments'), now: testApp.clock.now() });
  const handlers = serverJobHandlers({ drivers: selectOutboxDrivers({}), ...secretsFor(undefined), payments: testPayments(), biller: sandboxBiller() }).filter((handler) => handler.name === 'reconcile-payments');
  return runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers });
}

describe('reconcile-payments', () => {
  it('expires sandbox payments left open past their expiry, once, and leaves the others', async () => {
    const qris = await newPayment(testApp, { member, method: 'qris' });
    const account = await newPayment(testApp, { member, method: 'virtual_account' });
    const paid = await newPayment(testApp, { member, method: 'qris' });
    await applyPaymentEvent({ db: testApp.db, effects: {}, provider: 'sandbox', event: { providerEventId: `evt-${paid.id}`, intentId: paid.id, kind: 'paid', status: 'paid', amountMinor: 150_000n, currency: 'IDR', failureReason: null, payload: {} }, now: testApp.clock.now(), log: quietLog });

    // Before the QR's 15 minutes are up, nothing moves.
    testApp.clock.advance(14 * MINUTE_MS);
    expect(await runReconcileJob()).toEqual({ claimed: 1, failed: 0 });
    expect(await statusOf(qris.id)).toBe('waiting_payment');

    testApp.clock.advance(2 * MINUTE_MS);
    expect(await runReconcileJob()).toEqual({ claimed: 1, failed: 0 });
    expect([await statusOf(qris.id), await statusOf(account.id), await statusOf(paid.id)]).toEqual(['expired', 'waiting_payment', 'paid']);
    expect((await findIntentEvents(testApp.db, qris.id)).map((event) => [event.providerEventId, event.kind, event.outcome])).toEqual([[`reconciliation:${qris.id}:expired`, 'reconciliation', 'applied']]);

    // A run repeated (a worker that died after its work) settles nothing more and records nothing twice.
    expect(await reconcilePayments({ db: testApp.db, payments: testPayments(), now: testApp.clock.now(), log: quietLog })).toBe(0);
    expect(await findIntentEvents(testApp.db, qris.id)).toHaveLength(1);

    testApp.clock.advance(24 * HOUR_MS);
    expect(await reconcilePayments({ db: testApp.db, payments: testPayments(), now: testApp.clock.now(), log: quietLog })).toBeGreaterThanOrEqual(1);
    expect(await statusOf(account.id)).toBe('expired');
  });

  it("applies the provider's answer: a payment it says was paid becomes paid, not expired", async () => {
    const payment = await newPayment(testApp, { member, method: 'qris' });
    const base = testPayments();
    const paidThere: PaymentProvider = { ...base.sandbox!, queryStatus: async ({ intent }) => ({ status: 'paid', amountMinor: intent.amountMinor, currency: intent.currency, failureReason: null, payload: {} }) };
    testApp.clock.advance(16 * MINUTE_MS);
    const settled = await reconcilePayments({ db: testApp.db, payments: { ...base, providers: new Map([['sandbox', paidThere]] as const) }, now: testApp.clock.now(), log: quietLog });
    expect(settled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(payment.id)).toBe('paid');
  });
});

describe('reconcile-payments when a provider fails or keeps a payment open', () => {
  const secretKey = 'xnd_development_never_in_a_log';

  /** The sandbox, except that it cannot answer about `failing` and keeps `open` open. */
  function troubledPayments({ failing, open }: { failing: string; open: string }) {
    const base = testPayments();
    const sandbox: PaymentProvider = {
      ...base.sandbox!,
      queryStatus: async ({ intent, now }) => {
        if (intent.id === failing) throw new Error('The operation was aborted due to timeout', { cause: { headers: { authorization: secretKey } } });
        if (intent.id === open) return { ...openUntilExpiry(intent, now), status: 'waiting_payment' };
        return openUntilExpiry(intent, now);
      },
    };
    return { ...base, providers: new Map([['sandbox', sandbox]] as const) };
  }

  it('settles the other payments of a run when one provider question times out, and logs it without secrets', async () => {
    const failing = await newPayment(testApp, { member, method: 'qris' });
    const other = await newPayment(testApp, { member, method: 'qris' });
    testApp.clock.advance(16 * MINUTE_MS);
    const log = { error: vi.fn() };
    const settled = await reconcilePayments({ db: testApp.db, payments: troubledPayments({ failing: failing.id, open: '' }), now: testApp.clock.now(), log });
    expect(settled).toBe(1);
    expect([await statusOf(failing.id), await statusOf(other.id)]).toEqual(['waiting_payment', 'expired']);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ intentId: failing.id, provider: 'sandbox', error: expect.stringContaining('timeout') }), expect.any(String));
    expect(JSON.stringify(log.error.mock.calls)).not.toContain(secretKey);
    // Asked again on a later run, once the provider answers.
    await reconcilePayments({ db: testApp.db, payments: testPayments(), now: testApp.clock.now(), log: quietLog });
    expect(await statusOf(failing.id)).toBe('expired');
  });

  it('lets payments that keep failing or stay open go behind the others, so every overdue payment is asked in turn', async () => {
    const failing = await newPayment(testApp, { member, method: 'qris' });
    const open = await newPayment(testApp, { member, method: 'qris' });
    testApp.clock.advance(MINUTE_MS);
    const later = [await newPayment(testApp, { member, method: 'qris' }), await newPayment(testApp, { member, method: 'qris' })];
    testApp.clock.advance(16 * MINUTE_MS);
    const payments = troubledPayments({ failing: failing.id, open: open.id });
    const run = () => reconcilePayments({ db: testApp.db, payments, now: testApp.clock.now(), log: quietLog, limit: 2 });

    // The two oldest are asked first, and stay open.
    expect(await run()).toBe(0);
    expect(await Promise.all(later.map((payment) => statusOf(payment.id)))).toEqual(['waiting_payment', 'waiting_payment']);
    testApp.clock.advance(5 * MINUTE_MS);
    // The next run takes the two it has not asked yet, rather than the same two again.
    expect(await run()).toBe(2);
    expect(await Promise.all(later.map((payment) => statusOf(payment.id)))).toEqual(['expired', 'expired']);
    expect([await statusOf(failing.id), await statusOf(open.id)]).toEqual(['waiting_payment', 'waiting_payment']);
  });
});
