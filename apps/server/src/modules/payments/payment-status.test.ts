import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStatuses, type PaymentStatus } from '@kartu/contracts';
import { newMember, type TestMember } from '../../test/members.ts';
import type { TestApp } from '../../test/test-app.ts';
import { canMovePayment } from './payment-status.ts';
import { paymentEvents, paymentIntents } from './payments.table.ts';
import { createPaymentsTestApp } from './payments.test-support.ts';

let testApp: TestApp;
let member: TestMember;

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  member = await newMember(testApp);
});
afterAll(async () => {
  await testApp.close();
});

// Written out rather than read from payment-status.ts, so a change to either side fails here.
const allowed: Record<PaymentStatus, PaymentStatus[]> = {
  pending: ['waiting_payment', 'paid', 'failed', 'expired', 'cancelled'],
  waiting_payment: ['paid', 'failed', 'expired', 'cancelled'],
  paid: [],
  failed: [],
  expired: [],
  cancelled: [],
};

async function intentIn(status: PaymentStatus): Promise<string> {
  const now = testApp.clock.now();
  const [row] = await testApp.db
    .insert(paymentIntents)
    .values({ merchantId: member.user.merchantId, userId: member.userId, subjectType: 'order', subjectId: 'o-1', amountMinor: 5000n, currency: 'IDR', method: 'qris', provider: 'sandbox', expiresAt: now, createdAt: now, updatedAt: now })
    .returning({ id: paymentIntents.id });
  if (!row) throw new Error('no intent');
  if (status !== 'pending') await testApp.db.update(paymentIntents).set({ status }).where(eq(paymentIntents.id, row.id));
  return row.id;
}

/** Runs a raw UPDATE, as any code could; answers the database's refusal, or null when it was accepted. */
async function refusalOf(update: () => Promise<unknown>): Promise<string | null> {
  try {
    await update();
    return null;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) messages.push(current.message);
    return messages.join(' | ');
  }
}

describe('payment intent statuses, held by the database', () => {
  for (const from of paymentStatuses) {
    for (const to of paymentStatuses.filter((status) => status !== from)) {
      const expected = allowed[from].includes(to);
      it(`${expected ? 'allows' : 'refuses'} ${from} → ${to}`, async () => {
        const id = await intentIn(from);
        const refusal = await refusalOf(() => testApp.db.execute(sql`update payment_intents set status = ${to} where id = ${id}`));
        expect(canMovePayment(from, to)).toBe(expected);
        if (expected) {
          expect(refusal).toBeNull();
        } else {
          expect(refusal).toMatch(/cannot go from|is .* and final/);
          const [row] = await testApp.db.select({ status: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.id, id));
          expect(row?.status).toBe(from);
        }
      });
    }
  }

  it('refuses any change to a paid intent, even one that keeps its status', async () => {
    const id = await intentIn('paid');
    expect(await refusalOf(() => testApp.db.execute(sql`update payment_intents set failure_reason = 'oops' where id = ${id}`))).toMatch(/paid and final/);
  });

  it('refuses a new intent in any status but pending', async () => {
    const now = testApp.clock.now();
    const refusal = await refusalOf(() =>
      testApp.db.insert(paymentIntents).values({ merchantId: member.user.merchantId, userId: member.userId, subjectType: 'order', subjectId: 'o-2', amountMinor: 5000n, currency: 'IDR', method: 'qris', provider: 'sandbox', status: 'paid', expiresAt: now, createdAt: now, updatedAt: now }),
    );
    expect(refusal).toMatch(/starts pending/);
  });

  it('refuses changing the amount, currency or payer of an open intent', async () => {
    const id = await intentIn('waiting_payment');
    expect(await refusalOf(() => testApp.db.execute(sql`update payment_intents set amount_minor = 1 where id = ${id}`))).toMatch(/never changes/);
    expect(await refusalOf(() => testApp.db.execute(sql`update payment_intents set currency = 'USD' where id = ${id}`))).toMatch(/never changes/);
    expect(await refusalOf(() => testApp.db.execute(sql`update payment_intents set subject_id = 'other' where id = ${id}`))).toMatch(/never changes/);
  });

  it('keeps provider messages append-only', async () => {
    const intentId = await intentIn('pending');
    const [event] = await testApp.db
      .insert(paymentEvents)
      .values({ intentId, merchantId: member.user.merchantId, provider: 'sandbox', providerEventId: `evt-${intentId}`, kind: 'paid', outcome: 'applied', payload: {}, receivedAt: testApp.clock.now() })
      .returning({ id: paymentEvents.id });
    expect(await refusalOf(() => testApp.db.execute(sql`update payment_events set outcome = 'ignored' where id = ${event?.id}`))).toMatch(/append-only/);
    expect(await refusalOf(() => testApp.db.execute(sql`delete from payment_events where id = ${event?.id}`))).toMatch(/append-only/);
  });
});
