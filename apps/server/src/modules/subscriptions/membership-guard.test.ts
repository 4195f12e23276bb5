import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@kartu/core/calendar';
import { errorBodySchema } from '@kartu/contracts';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { merchantIdOf, openDemoTransfers } from '../../test/test-app.ts';
import { memberPin } from '../../test/members.ts';
import { outboxFor } from '../auth/auth.test-support.ts';
import { send, type CardMember } from '../cards/cards.test-support.ts';
import { earn } from '../ledger/points.service.ts';
import { outletCodeKeyFor } from '../outlets/outlet-code-key.ts';
import { createOutlet } from '../outlets/outlets.service.ts';
import { createPaymentsTestApp } from '../payments/payments.test-support.ts';
import { issueVouchers } from '../vouchers/voucher-issuing.service.ts';
import { createVoucherTemplate } from '../vouchers/vouchers.service.ts';
import { everyTag, publishChanges } from '../../lib/change-feed.ts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { integrationClient, newWriteKey } from '../../test/integration-client.ts';
import { newSubscriptionProgram, sandboxAction, subscribeAs, subscriber, type SubscriptionProgram } from './subscriptions.test-support.ts';

// spec: app-core §2 Guards, business-rules §4: a membership whose period ran out keeps its card
// closed until it is renewed; the server holds every write that uses the card to it.

let testApp: TestApp;
let merchantId: number;
let program: SubscriptionProgram;
const OUTLET_CODE = 'CLUB42';
let outletId: string;

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  await openDemoTransfers(testApp);
  merchantId = await merchantIdOf(testApp.db);
  program = await newSubscriptionProgram(testApp, merchantId);
  outletId = (await createOutlet({ db: testApp.db, merchantId, name: 'Club Bar', code: OUTLET_CODE, requiresCashierCode: false, codeKey: outletCodeKeyFor(testApp.env.CODE_SECRET) })).id;
});
afterAll(async () => {
  await testApp.close();
});

async function paidMember(): Promise<CardMember> {
  const member = await subscriber(testApp, merchantId, program);
  const answer = await subscribeAs(testApp, member, { planId: program.monthly.id });
  const { payment } = answer.json<{ payment: { id: string; status: string } }>();
  if (payment.status !== 'paid') expect((await sandboxAction(testApp, payment.id, 'pay')).statusCode).toBe(200);
  return member;
}

async function renew(member: CardMember): Promise<void> {
  const renewal = await subscribeAs(testApp, member, { planId: program.monthly.id, transactionType: 'subscriptionRenewal' });
  expect((await sandboxAction(testApp, renewal.json<{ payment: { id: string } }>().payment.id, 'pay')).statusCode).toBe(200);
}

/** Moves the clock on; the members' sessions come along, as if they had kept using the app. */
async function travel(ms: number) {
  testApp.clock.advance(ms);
  const by = `${ms} milliseconds`;
  await testApp.db.execute(sql`update sessions set last_seen_at = last_seen_at + ${by}::interval, expires_at = expires_at + ${by}::interval`);
  publishChanges([everyTag]);
}

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

describe('a membership whose period ran out', () => {
  it('closes its card to its member’s writes until it is renewed: no transfer, no voucher at the counter, no gift sent or received', async () => {
    const member = await paidMember();
    const friend = await paidMember();
    await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card: member.card, amount: 100n });
    const template = await createVoucherTemplate(testApp.db, { merchantId, programId: program.programId, name: 'Club Kopi', usableAt: 'in_store', validityDays: 90 });
    const issue = (holder: CardMember) =>
      issueVouchers(testApp.db, { merchantId, holder: { userId: holder.userId, cardId: holder.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template, quantity: 1 }], now: testApp.clock.now() });
    const [voucher] = await issue(member);
    const [friendsVoucher] = await issue(friend);
    if (!voucher || !friendsVoucher) throw new Error('no voucher');

    await travel(40 * DAY_MS);
    // The friend renews and sends the member a voucher, whose membership has ended meanwhile.
    await renew(friend);
    const sent = await send(testApp, 'POST', `/api/v2/vouchers/${friendsVoucher.id}/gifts`, { member: friend, body: { recipientPhone: member.phone }, headers: { 'idempotency-key': randomUUID() } });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = sent.json<{ data: { linkPath: string } }>().data.linkPath.replace('/gifts/', '');
    const pin = (await outboxFor(testApp, member.e164)).find((message) => message.purpose === 'voucher-gift')?.code ?? '';
    const claim = () => send(testApp, 'POST', `/api/v2/gifts/${token}/claim`, { member, body: { pin } });
    const transfer = () => send(testApp, 'POST', `/api/v2/cards/${member.card.id}/transfer`, { member, body: { phone: friend.phone, amount: 10, pin: memberPin }, headers: { 'idempotency-key': randomUUID() } });
    const refused = await transfer();
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({ code: 'SUBSCRIPTION_NOT_ACTIVE', message: 'This membership has ended: renew it to use the card again' });
    expect(codeOf(await send(testApp, 'POST', `/api/v2/vouchers/${voucher.id}/redeem`, { member, body: { outletCode: OUTLET_CODE } }))).toBe('SUBSCRIPTION_NOT_ACTIVE');
    const gift = await send(testApp, 'POST', `/api/v2/vouchers/${voucher.id}/gifts`, { member, body: { recipientPhone: friend.phone }, headers: { 'idempotency-key': randomUUID() } });
    expect(codeOf(gift)).toBe('SUBSCRIPTION_NOT_ACTIVE');
    expect(codeOf(await claim())).toBe('SUBSCRIPTION_NOT_ACTIVE');
    // The refusals counted no PIN and no outlet code against the member.
    expect(codeOf(await send(testApp, 'POST', `/api/v2/vouchers/${voucher.id}/redeem`, { member, body: { outletCode: OUTLET_CODE } }))).toBe('SUBSCRIPTION_NOT_ACTIVE');

    // Renewed, the card is open again: the points move and the voucher is used at the counter.
    await renew(member);
    expect((await transfer()).statusCode).toBe(201);
    expect((await send(testApp, 'POST', `/api/v2/vouchers/${voucher.id}/redeem`, { member, body: { outletCode: OUTLET_CODE } })).statusCode).toBe(200);
    expect((await claim()).statusCode).toBe(200);
  });

  it("is refused at the merchant's till as at the counter, until it is renewed", async () => {
    const member = await paidMember();
    const template = await createVoucherTemplate(testApp.db, { merchantId, programId: program.programId, name: 'Club Pastry', usableAt: 'in_store', validityDays: 90 });
    const [voucher] = await issueVouchers(testApp.db, { merchantId, holder: { userId: member.userId, cardId: member.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template, quantity: 1 }], now: testApp.clock.now() });
    const till = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Club till' })).key });
    const redeemAtTill = () => till.POST('/integration/v1/vouchers/redeem', { params: { header: { 'idempotency-key': newWriteKey() } }, body: { code: voucher?.code ?? '', outletId } });

    await travel(40 * DAY_MS);
    const refused = await redeemAtTill();
    expect(refused.response.status).toBe(409);
    expect(refused.error?.code).toBe('SUBSCRIPTION_NOT_ACTIVE');
    await renew(member);
    expect((await redeemAtTill()).response.status).toBe(200);
  });
});
