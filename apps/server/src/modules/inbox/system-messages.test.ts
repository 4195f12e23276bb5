import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@kartu/contracts';
import { memberPin, newMember } from '../../test/members.ts';
import { merchantIdOf, type TestApp, openDemoTransfers } from '../../test/test-app.ts';
import { memberWithCard, newCard, newProgram, send, type CardMember } from '../cards/cards.test-support.ts';
import { earn } from '../ledger/points.service.ts';
import { applyPaymentEvent } from '../payments/payment-events.service.ts';
import type { PaymentEffects } from '../payments/payment-effects.ts';
import type { PaymentEvent } from '../payments/payment-provider.ts';
import { createPaymentsTestApp, deliver, newPayment, sandboxMessage } from '../payments/payments.test-support.ts';
import { contentOf, messagesOf, whileRefusing } from './inbox.test-support.ts';

// The messages the kernel and the modules leave themselves; the use cases' are tested beside them.

let testApp: TestApp;
let merchantId: number;
let programId: string;

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  await openDemoTransfers(testApp);
  merchantId = await merchantIdOf(testApp.db);
  programId = (await newProgram(testApp, merchantId, { name: 'Kopi Points' })).id;
});
afterAll(async () => {
  await testApp.close();
});

const quietLog = { error: () => {} };
const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

describe('a points transfer', () => {
  async function holder(name: string | null, points = 0): Promise<CardMember> {
    const member = await memberWithCard(testApp, { merchantId, programId, name });
    if (points > 0) await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card: member.card, amount: BigInt(points) });
    return member;
  }

  const transfer = (from: CardMember, to: CardMember, amount: number, key = randomUUID()) =>
    send(testApp, 'POST', `/api/v2/cards/${from.card.id}/transfer`, { member: from, body: { phone: to.phone, countryCode: '62', amount, pin: memberPin }, headers: { 'idempotency-key': key } });

  it("leaves the recipient one message on the card that received, naming the sender as the preview masks them", async () => {
    const rani = await holder('Rani Saputra', 100);
    const budi = await holder('Budi Santoso');
    const key = randomUUID();
    expect((await transfer(rani, budi, 30, key)).statusCode).toBe(201);
    expect((await transfer(rani, budi, 30, key)).statusCode).toBe(201);
    expect((await messagesOf(testApp, budi.userId)).map(contentOf)).toEqual([
      {
        merchantId,
        userId: budi.userId,
        cardId: budi.card.id,
        facts: { kind: 'transfer_received', points: 30, unit: 'POINT', senderName: 'Rani S.', programName: 'Kopi Points' },
        link: `/cards/${budi.card.id}`,
        readAt: null,
        deletedAt: null,
      },
    ]);
    expect(await messagesOf(testApp, rani.userId)).toEqual([]);
  });

  it('names no sender who has no name, and leaves nothing when the transfer is refused', async () => {
    const sender = await holder(null, 10);
    const recipient = await holder('Budi Santoso');
    const refused = await transfer(sender, recipient, 50);
    expect(refused.statusCode).toBe(422);
    expect(codeOf(refused)).toBe('INSUFFICIENT_BALANCE');
    expect(await messagesOf(testApp, recipient.userId)).toEqual([]);
    expect((await transfer(sender, recipient, 5)).statusCode).toBe(201);
    expect((await messagesOf(testApp, recipient.userId)).map((row) => row.facts)).toEqual([{ kind: 'transfer_received', points: 5, unit: 'POINT', senderName: null, programName: 'Kopi Points' }]);
  });

  it('leaves no message when the transfer does not commit', async () => {
    const sender = await holder('Rani Saputra', 100);
    const recipient = await holder('Budi Santoso');
    const failed = await whileRefusing(testApp, { table: 'idempotency_keys', when: "new.status = 'done'" }, () => transfer(sender, recipient, 30));
    expect(failed.statusCode).toBe(500);
    expect(await messagesOf(testApp, recipient.userId)).toEqual([]);
  });
});

describe('a payment that settles', () => {
  function event(intentId: string, status: PaymentEvent['status'], amountMinor = 150_000n): PaymentEvent {
    return { providerEventId: `evt_${randomUUID()}`, intentId, kind: status, status, amountMinor, currency: 'IDR', failureReason: null, payload: {} };
  }
  const apply = (effects: PaymentEffects, paymentEvent: PaymentEvent) => applyPaymentEvent({ db: testApp.db, effects, provider: 'sandbox', event: paymentEvent, now: testApp.clock.now(), log: quietLog });

  it("tells its member once, on the payment's own page when its subject names none", async () => {
    const member = await newMember(testApp);
    const payment = await newPayment(testApp, { member });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect((await deliver(testApp, sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: '150000' }))).statusCode).toBe(200);
    }
    expect((await messagesOf(testApp, member.userId)).map(contentOf)).toEqual([
      {
        merchantId,
        userId: member.userId,
        cardId: null,
        facts: { kind: 'payment_settled', status: 'paid', amount: 150_000, currency: 'IDR' },
        link: `/payments/${payment.id}`,
        readAt: null,
        deletedAt: null,
      },
    ]);
  });

  it.each(['failed', 'expired'] as const)('tells its member when it %s, on the page of what it paid for', async (status) => {
    const member = await newMember(testApp);
    const card = await newCard(testApp, { merchantId, programId, owner: member });
    const effects: PaymentEffects = { order: { memberPage: async ({ intent }) => ({ path: `/cards/${card.id}/orders/${intent.subjectId}`, cardId: card.id }) } };
    const payment = await newPayment(testApp, { member });
    await apply(effects, event(payment.id, status));
    expect((await messagesOf(testApp, member.userId)).map(contentOf)).toEqual([
      expect.objectContaining({ cardId: card.id, facts: { kind: 'payment_settled', status, amount: 150_000, currency: 'IDR' }, link: `/cards/${card.id}/orders/${payment.subject.id}` }),
    ]);
  });

  it('tells nothing while it waits, when it is cancelled, when its message is refused, or when its effect fails', async () => {
    const member = await newMember(testApp);
    const [waiting, cancelled, misreported, failing] = await Promise.all([1, 2, 3, 4].map(() => newPayment(testApp, { member })));
    await apply({}, event(waiting?.id ?? '', 'waiting_payment'));
    await apply({}, event(cancelled?.id ?? '', 'cancelled'));
    expect(await apply({}, event(misreported?.id ?? '', 'paid', 1n))).toEqual({ outcome: 'refused' });
    const breaking: PaymentEffects = {
      order: {
        onPaid: async () => {
          throw new Error('the effect failed');
        },
      },
    };
    await expect(apply(breaking, event(failing?.id ?? '', 'paid'))).rejects.toThrow('the effect failed');
    expect(await messagesOf(testApp, member.userId)).toEqual([]);
  });

  it('leaves no message when the move does not commit', async () => {
    const member = await newMember(testApp);
    const payment = await newPayment(testApp, { member });
    await expect(whileRefusing(testApp, { table: 'payment_events' }, () => apply({}, event(payment.id, 'paid')))).rejects.toThrow();
    expect(await messagesOf(testApp, member.userId)).toEqual([]);
  });
});
