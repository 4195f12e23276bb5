import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherAnswerSchema, voucherWalletSchema } from '@kartu/contracts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { memberWithPoints, newProgram, send, type CardMember } from '../cards/cards.test-support.ts';
import { cardRewards, programRewards } from '../cards/rewards.table.ts';
import { runDueJobs } from '../jobs/job-worker.ts';
import { outletCodeKeyFor } from '../outlets/outlet-code-key.ts';
import { createOutlet } from '../outlets/outlets.service.ts';
import type { OutletRow } from '../outlets/outlets.table.ts';
import { webhookEvents } from '../webhooks/webhooks.table.ts';
import { setMerchantWebhook, webhookSealKeyFor } from '../webhooks/webhooks.service.ts';
import { voucherCodeKeysFor } from './voucher-codes.ts';
import { failLatePartnerVouchers, giveVoucher, issueVoucherCodesJob, issueVouchers, suspendVouchersOf } from './voucher-issuing.service.ts';
import { createVoucherTemplate } from './vouchers.service.ts';
import { vouchers, type VoucherTemplateRow } from './vouchers.table.ts';

let testApp: TestApp;
let merchantId: number;
let programId: string;
let hashed: VoucherTemplateRow;
let partner: VoucherTemplateRow;
let outlet: OutletRow;
let partnerApi: IntegrationClient;

beforeAll(async () => {
  testApp = await createTestApp();
  merchantId = await merchantIdOf(testApp.db);
  programId = (await newProgram(testApp, merchantId, { name: 'Issuing Points' })).id;
  const template = { merchantId, programId, usableAt: 'in_store' as const, validityDays: 30 };
  hashed = await createVoucherTemplate(testApp.db, { ...template, name: 'Movie ticket', codeStorage: 'hashed' });
  partner = await createVoucherTemplate(testApp.db, { ...template, name: 'Cinema XXI ticket', issuer: 'partner' });
  outlet = await createOutlet({ db: testApp.db, merchantId, name: 'Kopi Senja Blok M', code: 'BLOKM8', requiresCashierCode: false, codeKey: outletCodeKeyFor(testApp.env.CODE_SECRET) });
  partnerApi = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Partner' })).key });
});
afterAll(async () => {
  await testApp.close();
});

const keys = () => voucherCodeKeysFor(testApp.env.CODE_SECRET);
const quietLog = { info: () => {}, error: () => {} };
const redeemAtTill = (code: string, outletId: string) => partnerApi.POST('/integration/v1/vouchers/redeem', { params: { header: { 'idempotency-key': newWriteKey() } }, body: { code, outletId } });
const sendPartnerCode = (voucherId: string, externalCode: string) =>
  partnerApi.POST('/integration/v1/vouchers/{voucherId}/partner-code', { params: { path: { voucherId }, header: { 'idempotency-key': newWriteKey() } }, body: { externalCode } });

async function issue(template: VoucherTemplateRow): Promise<{ member: CardMember; voucherId: string }> {
  const member = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
  const [voucher] = await issueVouchers(testApp.db, { merchantId, holder: { userId: member.userId, cardId: member.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template, quantity: 1 }], now: testApp.clock.now() });
  return { member, voucherId: voucher?.id ?? '' };
}

async function voucherOf(member: CardMember, voucherId: string) {
  const answer = await send(testApp, 'GET', `/api/v2/vouchers/${voucherId}`, { member });
  expect(answer.statusCode, answer.body).toBe(200);
  return voucherAnswerSchema.parse(answer.json()).data;
}

describe('a template that keeps only the hash of its codes', () => {
  it('issues its voucher pending, and the job gives it a code stored only as a hash and shown once', async () => {
    const { member, voucherId } = await issue(hashed);
    expect(await voucherOf(member, voucherId)).toMatchObject({ status: 'pending', code: null, codeKept: 'device' });

    await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [issueVoucherCodesJob({ keys: keys() })] });
    const [stored] = await testApp.db.select().from(vouchers).where(eq(vouchers.id, voucherId));
    expect(stored).toMatchObject({ status: 'active', code: null });
    expect(stored?.codeHash).toBeTruthy();

    const shown = await voucherOf(member, voucherId);
    expect(shown.status).toBe('active');
    expect(shown.code).toMatch(/^[2-9A-HJKMNP-Z]{13}$/);
    expect(stored?.codeSealed).not.toContain(shown.code ?? '-');
    expect((await voucherOf(member, voucherId)).code).toBeNull();
    const wallet = voucherWalletSchema.parse((await send(testApp, 'GET', '/api/v2/vouchers', { member })).json());
    expect(wallet.data.flatMap((stack) => stack.vouchers).find((voucher) => voucher.id === voucherId)?.code).toBeNull();

    const redeemed = await redeemAtTill(shown.code ?? '', outlet.id);
    expect(redeemed.response.status, JSON.stringify(redeemed.error)).toBe(200);
    expect(redeemed.data?.data).toMatchObject({ voucher: { id: voucherId, code: null }, cashier: null });
  });

  it("is handed to a friend under a new code, so the code the sender was shown redeems nothing", async () => {
    const { member, voucherId } = await issue(hashed);
    await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [issueVoucherCodesJob({ keys: keys() })] });
    const senderCode = (await voucherOf(member, voucherId)).code;
    const friend = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    await testApp.db.transaction(async (tx) => {
      const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId));
      if (!row) throw new Error('no voucher');
      await giveVoucher(tx, { voucher: row, template: hashed, to: { userId: friend.userId, cardId: friend.card.id }, now: testApp.clock.now() });
    });
    expect(await voucherOf(friend, voucherId)).toMatchObject({ status: 'pending', code: null });
    await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [issueVoucherCodesJob({ keys: keys() })] });
    const friendCode = (await voucherOf(friend, voucherId)).code;
    expect(friendCode).toMatch(/^[2-9A-HJKMNP-Z]{13}$/);
    expect(friendCode).not.toBe(senderCode);
    expect((await redeemAtTill(senderCode ?? '', outlet.id)).response.status).toBe(404);
    expect((await redeemAtTill(friendCode ?? '', outlet.id)).response.status).toBe(200);
  });
});

describe("a template the merchant's partner issues", () => {
  it('asks the partner by webhook, waits pending, and becomes usable with the code the partner sends back', async () => {
    await setMerchantWebhook({ db: testApp.db, merchantId, url: 'http://127.0.0.1:9/hooks', sealKey: webhookSealKeyFor(testApp.env.CODE_SECRET), production: false, now: testApp.clock.now() });
    const { member, voucherId } = await issue(partner);
    expect(await voucherOf(member, voucherId)).toMatchObject({ status: 'pending', code: null, externalCode: null });
    const events = await testApp.db.select().from(webhookEvents).where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'voucher.code_requested')));
    expect(events.map((event) => event.data.voucherId)).toContain(voucherId);

    const { data: pending } = await partnerApi.GET('/integration/v1/vouchers/pending');
    expect(pending?.data.find((voucher) => voucher.id === voucherId)).toMatchObject({ status: 'pending', template: { name: 'Cinema XXI ticket' } });

    const filled = await sendPartnerCode(voucherId, 'XXI-7781-2201');
    expect(filled.response.status, JSON.stringify(filled.error)).toBe(200);
    expect(filled.data?.data).toMatchObject({ status: 'active', externalCode: 'XXI-7781-2201' });
    const shown = await voucherOf(member, voucherId);
    expect(shown).toMatchObject({ status: 'active', externalCode: 'XXI-7781-2201', codeKept: 'server' });
    expect(shown.code).toMatch(/^[2-9A-HJKMNP-Z]{13}$/);

    expect((await sendPartnerCode(voucherId, 'XXI-7781-2201')).response.status).toBe(200);
    expect((await sendPartnerCode(voucherId, 'ANOTHER')).error?.code).toBe('VOUCHER_NOT_PENDING');
    const own = await issue(hashed);
    expect((await sendPartnerCode(own.voucherId, 'X')).response.status).toBe(404);
  });

  it('suspends a voucher the partner has not answered within 30 minutes, and tells the merchant', async () => {
    const { member, voucherId } = await issue(partner);
    expect(await failLatePartnerVouchers({ db: testApp.db, now: new Date(testApp.clock.now().getTime() + 29 * MINUTE_MS) })).toBe(0);
    expect(await failLatePartnerVouchers({ db: testApp.db, now: new Date(testApp.clock.now().getTime() + 31 * MINUTE_MS) })).toBeGreaterThanOrEqual(1);
    expect((await voucherOf(member, voucherId)).status).toBe('suspended');
    const failed = await testApp.db.select().from(webhookEvents).where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'voucher.issue_failed')));
    expect(failed.map((event) => event.data.voucherId)).toContain(voucherId);
    expect((await sendPartnerCode(voucherId, 'LATE')).error?.code).toBe('VOUCHER_NOT_PENDING');
  });
});

describe('vouchers of a source that is called off (an order cancelled or returned)', () => {
  it('suspends those still waiting for their code too, so no partner or job makes them usable later', async () => {
    const member = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    const source = { type: 'grant' as const, id: randomUUID() };
    const issued = await issueVouchers(testApp.db, { merchantId, holder: { userId: member.userId, cardId: member.card.id }, source, items: [{ template: partner, quantity: 1 }, { template: hashed, quantity: 1 }], now: testApp.clock.now() });
    expect(issued.map((voucher) => voucher.status)).toEqual(['pending', 'pending']);
    await suspendVouchersOf(testApp.db, source);
    await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [issueVoucherCodesJob({ keys: keys() })] });
    for (const voucher of issued) expect((await voucherOf(member, voucher.id)).status).toBe('suspended');
    expect((await sendPartnerCode(issued[0]?.id ?? '', 'XXI-LATE')).error?.code).toBe('VOUCHER_NOT_PENDING');
  });
});

describe('a reward that brings an e-voucher', () => {
  it('issues the voucher when the reward is claimed, once, beside any points', async () => {
    const kopi = await createVoucherTemplate(testApp.db, { merchantId, programId, name: 'Birthday Kopi Susu', usableAt: 'in_store', validityDays: 14 });
    const member = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    const [offer] = await testApp.db.insert(programRewards).values({ merchantId, programId, kind: 'birthday', title: 'A Kopi Susu on us', amount: 0n, voucherTemplateId: kopi.id }).returning();
    const [reward] = await testApp.db
      .insert(cardRewards)
      .values({ merchantId, cardId: member.card.id, kind: 'birthday', title: offer?.title ?? '', amount: 0n, voucherTemplateId: kopi.id, grantedAt: testApp.clock.now() })
      .returning();
    const listed = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/rewards`, { member });
    expect(listed.json()).toMatchObject({ data: [{ id: reward?.id, withVoucher: true, amount: 0 }] });

    const claimed = await send(testApp, 'POST', '/api/my_vouchers/claim', { member, body: { rewardId: reward?.id } });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const wallet = voucherWalletSchema.parse((await send(testApp, 'GET', '/api/v2/vouchers', { member })).json());
    expect(wallet.data.map((stack) => [stack.template.name, stack.activeCount])).toEqual([['Birthday Kopi Susu', 1]]);
    expect((await send(testApp, 'POST', '/api/my_vouchers/claim', { member, body: { rewardId: reward?.id } })).statusCode).toBe(409);
    expect(voucherWalletSchema.parse((await send(testApp, 'GET', '/api/v2/vouchers', { member })).json()).data[0]?.vouchers).toHaveLength(1);
  });
});
