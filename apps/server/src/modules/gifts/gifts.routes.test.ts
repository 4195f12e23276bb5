import { secretsFor } from '../../http/app-secrets.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimGiftAnswerSchema, errorBodySchema, giftPreviewAnswerSchema, voucherAnswerSchema, voucherGiftAnswerSchema, voucherWalletSchema } from '@kartu/contracts';
import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { serverJobHandlers, serverRecurringJobs } from '../../jobs/jobs.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { outboxFor } from '../auth/auth.test-support.ts';
import { memberWithCard, newCard, newProgram, send, type CardMember } from '../cards/cards.test-support.ts';
import { idempotencyKeys } from '../idempotency/idempotency.table.ts';
import { runDueJobs, scheduleRecurringJobs } from '../jobs/job-worker.ts';
import { selectOutboxDrivers } from '../outbox/outbox.drivers.ts';
import { outletCodeKeyFor } from '../outlets/outlet-code-key.ts';
import { createOutlet } from '../outlets/outlets.service.ts';
import { paymentsContextFor } from '../payments/payments.context.ts';
import { applyVoucherAtCheckout } from '../vouchers/checkout-voucher.service.ts';
import { createVoucherTemplate } from '../vouchers/vouchers.service.ts';
import { issueVouchers } from '../vouchers/voucher-issuing.service.ts';
import { vouchers, type VoucherTemplateRow } from '../vouchers/vouchers.table.ts';
import { voucherGifts } from './gifts.table.ts';
import { sandboxBiller } from '../../modules/bills/billers/sandbox.biller.ts';

// PGlite runs one transaction at a time: only the PostgreSQL server run races two claimers.
const onPostgresServer = process.env.KARTU_TEST_DB === 'postgres';

let testApp: TestApp;
const logLines: string[] = [];
let merchantId: number;
let programId: string;
let kopi: VoucherTemplateRow;
let online: VoucherTemplateRow;
let till: IntegrationClient;
let outletId: string;
const OUTLET_CODE = 'GIFT77';

beforeAll(async () => {
  testApp = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => logLines.push(line) } });
  merchantId = await merchantIdOf(testApp.db);
  programId = (await newProgram(testApp, merchantId, { name: 'Kopi Friends' })).id;
  kopi = await createVoucherTemplate(testApp.db, { merchantId, programId, name: 'Kopi Susu', valueText: '1 Kopi Susu', usableAt: 'in_store', validityDays: 30 });
  online = await createVoucherTemplate(testApp.db, { merchantId, programId, name: 'Online treat', usableAt: 'ecommerce', validityDays: 30, discountKind: 'points', discountValue: 100n });
  till = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Till' })).key });
  outletId = (await createOutlet({ db: testApp.db, merchantId, name: 'Kopi Senja Gift Bar', code: OUTLET_CODE, requiresCashierCode: false, codeKey: outletCodeKeyFor(testApp.env.CODE_SECRET) })).id;
});
afterAll(async () => {
  await testApp.close();
});

const errorOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json());
const redeemAtTill = (code: string) => till.POST('/integration/v1/vouchers/redeem', { params: { header: { 'idempotency-key': newWriteKey() } }, body: { code, outletId } });

function member(name: string | null = null): Promise<CardMember> {
  return memberWithCard(testApp, { merchantId, programId, name });
}

/** A member holding one voucher of `template`; answers the voucher with its code. */
async function holding(template = kopi, name: string | null = 'Budi Santoso') {
  const sender = await member(name);
  const [voucher] = await issueVouchers(testApp.db, { merchantId, holder: { userId: sender.userId, cardId: sender.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template, quantity: 1 }], now: testApp.clock.now() });
  if (!voucher?.code) throw new Error('no voucher');
  return { sender, voucher: { id: voucher.id, code: voucher.code } };
}

function gift(sender: TestMember, voucherId: string, body: object, key: string | null = randomUUID()) {
  return send(testApp, 'POST', `/api/v2/vouchers/${voucherId}/gifts`, { member: sender, body, headers: key ? { 'idempotency-key': key } : {} });
}

/** A pending gift of the sender's voucher to the friend: its token and the PIN the friend's phone received. */
async function giftTo(sender: TestMember, voucherId: string, friend: TestMember) {
  const created = await gift(sender, voucherId, { recipientPhone: friend.phone, message: 'Selamat ulang tahun!' });
  expect(created.statusCode, created.body).toBe(201);
  const data = voucherGiftAnswerSchema.parse(created.json()).data;
  const token = data.linkPath?.replace('/gifts/', '') ?? '';
  const message = (await outboxFor(testApp, friend.e164)).find((entry) => entry.purpose === 'voucher-gift');
  return { gift: data, token, pin: message?.code ?? '', message };
}

const claim = (claimer: TestMember, token: string, pin: string) => send(testApp, 'POST', `/api/v2/gifts/${token}/claim`, { member: claimer, body: { pin } });
const preview = async (viewer: TestMember, token: string) => giftPreviewAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/gifts/${token}`, { member: viewer })).json()).data;
const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
const voucherOf = (someone: TestMember, voucherId: string) => send(testApp, 'GET', `/api/v2/vouchers/${voucherId}`, { member: someone });
const redeemAtCounter = (someone: TestMember, voucherId: string) => send(testApp, 'POST', `/api/v2/vouchers/${voucherId}/redeem`, { member: someone, body: { outletCode: OUTLET_CODE } });

/**
 * Runs `run` with the clock moved on by `ms`, in steps of 3 days in which each member's app makes a
 * call, so their sessions (7 days idle) stay signed in as a member's phone would keep them.
 */
async function withClockAt<T>(ms: number, members: TestMember[], run: () => Promise<T>): Promise<T> {
  const step = 3 * DAY_MS;
  let moved = 0;
  try {
    while (moved < ms) {
      const next = Math.min(step, ms - moved);
      testApp.clock.advance(next);
      moved += next;
      for (const someone of members) await send(testApp, 'GET', '/api/v2/cards/my-vouchers-count', { member: someone });
    }
    return await run();
  } finally {
    testApp.clock.advance(-moved);
  }
}

describe('gifting a voucher', () => {
  it("sends the PIN to the friend's phone, and moves the voucher to the friend's card after two wrong PINs and the right one", async () => {
    const { sender, voucher } = await holding();
    const friend = await member();
    const { gift: created, token, pin, message } = await giftTo(sender, voucher.id, friend);

    expect(created).toMatchObject({ status: 'pending', message: 'Selamat ulang tahun!', claimedAt: null, expiresAt: new Date(testApp.clock.now().getTime() + 7 * DAY_MS).toISOString() });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.recipientPhone).toBe(`+62 ${friend.phone.slice(1, 4)}-****-${friend.phone.slice(-4)}`);
    expect(message).toMatchObject({ recipient: friend.e164, purpose: 'voucher-gift', code: pin });
    expect(pin).toMatch(/^\d{6}$/);
    expect(message?.text).toContain(`Budi sent you "Kopi Susu"`);
    expect(message?.text).toContain(`PIN ${pin}`);
    // Neither secret is kept readable: the row holds their HMACs, the idempotency key the gift's id.
    const [row] = await testApp.db.select().from(voucherGifts).where(eq(voucherGifts.id, created.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(`"${pin}"`);
    expect(JSON.stringify(await testApp.db.select().from(idempotencyKeys))).not.toContain(token);

    const seen = await preview(friend, token);
    expect(seen).toMatchObject({ status: 'pending', sender: { name: 'Budi' }, message: 'Selamat ulang tahun!', voucher: { name: 'Kopi Susu', valueText: '1 Kopi Susu' }, program: { id: programId, name: 'Kopi Friends' }, hasCard: true, isSender: false, forYou: true, recipientPhoneEnding: friend.phone.slice(-4) });
    expect(JSON.stringify(seen)).not.toContain(voucher.code);

    const first = await claim(friend, token, wrongPin(pin));
    expect(first.statusCode).toBe(400);
    expect(errorOf(first)).toMatchObject({ code: 'GIFT_PIN_INVALID', attemptsRemaining: 2 });
    expect(errorOf(await claim(friend, token, wrongPin(wrongPin(pin))))).toMatchObject({ code: 'GIFT_PIN_INVALID', attemptsRemaining: 1 });
    const claimed = await claim(friend, token, pin);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const received = claimGiftAnswerSchema.parse(claimed.json()).data;
    expect(received).toMatchObject({ id: voucher.id, cardId: friend.card.id, status: 'active', template: { name: 'Kopi Susu' } });
    // A new code: the sender's copy of the old one is worth nothing at a till.
    expect(received.code).not.toBe(voucher.code);
    expect((await redeemAtTill(voucher.code)).response.status).toBe(404);

    const wallet = voucherWalletSchema.parse((await send(testApp, 'GET', '/api/v2/vouchers', { member: friend })).json()).data;
    expect(wallet.flatMap((stack) => stack.vouchers.map((entry) => entry.id))).toContain(voucher.id);
    const sendersWallet = voucherWalletSchema.parse((await send(testApp, 'GET', '/api/v2/vouchers', { member: sender })).json()).data;
    expect(sendersWallet.flatMap((stack) => stack.vouchers.map((entry) => entry.id))).not.toContain(voucher.id);
    expect((await voucherOf(sender, voucher.id)).statusCode).toBe(404);

    const sent = voucherGiftAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/vouchers/${voucher.id}/gift`, { member: sender })).json()).data;
    expect(sent).toMatchObject({ id: created.id, status: 'claimed', linkPath: null, claimedAt: testApp.clock.now().toISOString() });
    const [stored] = await testApp.db.select().from(voucherGifts).where(eq(voucherGifts.id, created.id));
    expect(stored).toMatchObject({ status: 'claimed', claimedByUserId: friend.userId, claimedCardId: friend.card.id, senderCardId: sender.card.id, pinHash: null, tokenSealed: null });
    // The claimer's retry answers the voucher again; another member finds the gift gone.
    expect((await claim(friend, token, pin)).statusCode).toBe(200);
    expect(errorOf(await claim(await member(), token, pin)).code).toBe('GIFT_NOT_FOR_YOU');
    expect((await preview(friend, token)).status).toBe('claimed');
    // The requests were logged, their secrets not.
    expect(logLines.some((line) => line.includes('/api/v2/gifts/[redacted]/claim'))).toBe(true);
    expect(logLines.filter((line) => line.includes(token) || line.includes(`"${pin}"`) || line.includes(`PIN ${pin}`))).toEqual([]);
  });

  it('keeps the gift for the phone it was sent to: whoever else the link and the PIN reach can neither claim it nor lock it', async () => {
    const { sender, voucher } = await holding();
    const friend = await member();
    const stranger = await member();
    const { token, pin } = await giftTo(sender, voucher.id, friend);
    expect(await preview(stranger, token)).toMatchObject({ status: 'pending', hasCard: true, isSender: false, forYou: false, recipientPhoneEnding: friend.phone.slice(-4) });
    for (const guess of [wrongPin(pin), wrongPin(wrongPin(pin)), wrongPin(pin), pin]) {
      const refused = await claim(stranger, token, guess);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({ code: 'GIFT_NOT_FOR_YOU' });
    }
    // Nothing was counted against the gift: its owner claims it with the PIN at once.
    const claimed = await claim(friend, token, pin);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimGiftAnswerSchema.parse(claimed.json()).data.cardId).toBe(friend.card.id);
  });

  it('locks the gift for 24 hours at the third wrong PIN, without checking the PIN meanwhile', async () => {
    const { sender, voucher } = await holding();
    const friend = await member();
    const { token, pin } = await giftTo(sender, voucher.id, friend);
    await claim(friend, token, wrongPin(pin));
    await claim(friend, token, wrongPin(pin));
    const locked = await claim(friend, token, wrongPin(pin));
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toMatchObject({ code: 'GIFT_LOCKED', lockedUntil: new Date(testApp.clock.now().getTime() + 24 * HOUR_MS).toISOString() });
    expect(errorOf(await claim(friend, token, pin)).code).toBe('GIFT_LOCKED');
    await withClockAt(24 * HOUR_MS + 1_000, [friend], async () => {
      expect((await claim(friend, token, pin)).statusCode).toBe(200);
    });
  });

  it("answers the gift of one voucher once per idempotency key, and keeps other members' vouchers out", async () => {
    const { sender, voucher } = await holding();
    const friend = await member();
    const key = randomUUID();
    const body = { recipientPhone: friend.e164 };
    const first = await gift(sender, voucher.id, body, key);
    const again = await gift(sender, voucher.id, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(voucherGiftAnswerSchema.parse(again.json()).data).toEqual(voucherGiftAnswerSchema.parse(first.json()).data);
    expect((await outboxFor(testApp, friend.e164)).filter((entry) => entry.purpose === 'voucher-gift')).toHaveLength(1);

    expect(errorOf(await gift(sender, voucher.id, body, null)).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const stranger = await member();
    const theirs = await gift(stranger, voucher.id, body);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('VOUCHER_NOT_FOUND');
    expect((await gift(stranger, 'not-a-voucher', body)).statusCode).toBe(404);
    expect((await send(testApp, 'GET', `/api/v2/vouchers/${voucher.id}/gift`, { member: stranger })).statusCode).toBe(404);
    expect((await send(testApp, 'POST', `/api/v2/vouchers/${voucher.id}/gifts/cancel`, { member: stranger })).statusCode).toBe(404);
    expect((await send(testApp, 'GET', `/api/v2/gifts/${'A'.repeat(43)}`, { member: friend })).statusCode).toBe(404);
    expect((await send(testApp, 'GET', '/api/v2/gifts/short', { member: friend })).statusCode).toBe(404);
  });

  it('refuses a used, expired or already gifted voucher, and a gift to oneself', async () => {
    const friend = await member();
    const used = await holding();
    expect((await redeemAtCounter(used.sender, used.voucher.id)).statusCode).toBe(200);
    const usedAnswer = await gift(used.sender, used.voucher.id, { recipientPhone: friend.phone });
    expect(usedAnswer.statusCode).toBe(409);
    expect(errorOf(usedAnswer).code).toBe('VOUCHER_ALREADY_USED');

    const brief = await createVoucherTemplate(testApp.db, { merchantId, programId, name: 'Weekend treat', usableAt: 'in_store', validityDays: 2 });
    const expiring = await holding(brief);
    await withClockAt(2 * DAY_MS, [expiring.sender], async () => {
      expect(errorOf(await gift(expiring.sender, expiring.voucher.id, { recipientPhone: friend.phone })).code).toBe('VOUCHER_NOT_USABLE');
    });

    const { sender, voucher } = await holding();
    const self = await gift(sender, voucher.id, { recipientPhone: sender.phone });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).details?.[0]?.field).toBe('body.recipientPhone');
    expect(errorOf(await gift(sender, voucher.id, { recipientPhone: '12' })).code).toBe('VALIDATION_FAILED');
    await giftTo(sender, voucher.id, friend);
    const twice = await gift(sender, voucher.id, { recipientPhone: (await member()).phone });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('VOUCHER_GIFTED');
  });

  it('does not let the sender claim their own gift, counting no attempt', async () => {
    const { sender, voucher } = await holding();
    const { token, pin } = await giftTo(sender, voucher.id, await member());
    expect((await preview(sender, token)).isSender).toBe(true);
    for (let tries = 0; tries < 4; tries += 1) {
      const own = await claim(sender, token, pin);
      expect(own.statusCode).toBe(422);
      expect(errorOf(own).code).toBe('GIFT_OWN');
    }
    expect(voucherAnswerSchema.parse((await voucherOf(sender, voucher.id)).json()).data.cardId).toBe(sender.card.id);
  });

  it("asks a friend without an active card of the program to add one, then lets them claim", async () => {
    const { sender, voucher } = await holding();
    const friend = await newMember(testApp);
    const { token, pin } = await giftTo(sender, voucher.id, friend);
    expect(await preview(friend, token)).toMatchObject({ hasCard: false, program: { id: programId, name: 'Kopi Friends' } });
    const refused = await claim(friend, token, pin);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'GIFT_NEEDS_CARD', details: [{ field: 'program.id', message: programId }, { field: 'program.name', message: 'Kopi Friends' }] });
    expect(voucherAnswerSchema.parse((await voucherOf(sender, voucher.id)).json()).data.gift?.status).toBe('pending');

    const card = await newCard(testApp, { merchantId, programId, owner: friend });
    const claimed = await claim(friend, token, pin);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimGiftAnswerSchema.parse(claimed.json()).data.cardId).toBe(card.id);
  });
});

describe('while a gift is pending', () => {
  it('shows the gift on the voucher and refuses the voucher at the counter, at the till and at checkout', async () => {
    const { sender, voucher } = await holding();
    const { gift: created } = await giftTo(sender, voucher.id, await member());
    const detail = voucherAnswerSchema.parse((await voucherOf(sender, voucher.id)).json()).data;
    expect(detail).toMatchObject({ status: 'active', gift: { id: created.id, status: 'pending', recipientPhone: created.recipientPhone, linkPath: null } });
    const sent = voucherGiftAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/vouchers/${voucher.id}/gift`, { member: sender })).json()).data;
    expect(sent.linkPath).toBe(created.linkPath);

    const counter = await redeemAtCounter(sender, voucher.id);
    expect(counter.statusCode).toBe(409);
    expect(errorOf(counter).code).toBe('VOUCHER_GIFTED');
    const atTill = await redeemAtTill(voucher.code);
    expect(atTill.error?.code).toBe('VOUCHER_GIFTED');

    const treat = await holding(online);
    await giftTo(treat.sender, treat.voucher.id, await member());
    const applied = await applyVoucherAtCheckout(testApp.db, { merchantId, userId: treat.sender.userId, programId, voucherId: treat.voucher.id, order: { points: 1_000n, money: 0n }, now: testApp.clock.now() });
    expect(applied.answer.problem).toBe('not_usable');
  });

  it('lets the sender take the gift back: the PIN stops working and the voucher is usable again', async () => {
    const { sender, voucher } = await holding();
    expect(errorOf(await send(testApp, 'POST', `/api/v2/vouchers/${voucher.id}/gifts/cancel`, { member: sender })).code).toBe('GIFT_NOT_FOUND');
    const friend = await member();
    const { token, pin } = await giftTo(sender, voucher.id, friend);
    const cancelled = await send(testApp, 'POST', `/api/v2/vouchers/${voucher.id}/gifts/cancel`, { member: sender });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(voucherGiftAnswerSchema.parse(cancelled.json()).data).toMatchObject({ status: 'cancelled', linkPath: null, cancelledAt: testApp.clock.now().toISOString() });
    expect((await send(testApp, 'POST', `/api/v2/vouchers/${voucher.id}/gifts/cancel`, { member: sender })).statusCode).toBe(200);

    const late = await claim(friend, token, pin);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('GIFT_NOT_AVAILABLE');
    expect((await preview(friend, token)).status).toBe('cancelled');
    expect((await redeemAtCounter(sender, voucher.id)).statusCode).toBe(200);
  });
});

describe('a gift nobody claims', () => {
  it('reads as returned once past its expiry, and may be given again', async () => {
    const { sender, voucher } = await holding();
    const friend = await member();
    const { token, pin } = await giftTo(sender, voucher.id, friend);
    await withClockAt(7 * DAY_MS, [sender, friend], async () => {
      expect((await preview(friend, token)).status).toBe('returned');
      const detail = voucherAnswerSchema.parse((await voucherOf(sender, voucher.id)).json()).data;
      expect(detail).toMatchObject({ status: 'active', gift: { status: 'returned', returnedAt: detail.gift?.expiresAt } });
      expect(errorOf(await claim(friend, token, pin)).code).toBe('GIFT_NOT_AVAILABLE');
      const again = await gift(sender, voucher.id, { recipientPhone: friend.phone });
      expect(again.statusCode, again.body).toBe(201);
    });
  });

  it('is written down as returned by the job, its secrets cleared, and the voucher is usable again', async () => {
    const { sender, voucher } = await holding();
    const { gift: created } = await giftTo(sender, voucher.id, await member());
    await withClockAt(7 * DAY_MS + 1_000, [sender], async () => {
      const names = ['return-expired-gifts'];
      await scheduleRecurringJobs({ db: testApp.db, recurring: serverRecurringJobs.filter((job) => names.includes(job.name)), now: testApp.clock.now() });
      const handlers = serverJobHandlers({ drivers: selectOutboxDrivers({}), ...secretsFor(testApp.env.CODE_SECRET), payments: paymentsContextFor({ production: false, sandboxSecret: 'x'.repeat(32), effects: {} }), biller: sandboxBiller() });
      const run = await runDueJobs({ db: testApp.db, clock: testApp.clock, log: { info: () => {}, error: () => {} }, handlers: handlers.filter((handler) => names.includes(handler.name)) });
      expect(run).toEqual({ claimed: 1, failed: 0 });
      const [stored] = await testApp.db.select().from(voucherGifts).where(eq(voucherGifts.id, created.id));
      expect(stored).toMatchObject({ status: 'returned', returnedAt: new Date(created.expiresAt), pinHash: null, tokenSealed: null });
      expect((await redeemAtCounter(sender, voucher.id)).statusCode).toBe(200);
    });
    const [row] = await testApp.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row?.userId).toBe(sender.userId);
  });
});

describe('two claims of one gift at the same moment', () => {
  it.skipIf(!onPostgresServer)('end with the voucher moved once, both answered with it, 20 times over', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { sender, voucher } = await holding();
      const friend = await member();
      const { token, pin } = await giftTo(sender, voucher.id, friend);
      // The friend taps Claim on two phones at once: one moves the voucher, the other answers it.
      const answers = await Promise.all([claim(friend, token, pin), claim(friend, token, pin)]);
      expect(answers.map((answer) => answer.statusCode), `round ${round}`).toEqual([200, 200]);
      expect(new Set(answers.map((answer) => claimGiftAnswerSchema.parse(answer.json()).data.id))).toEqual(new Set([voucher.id]));
      const wallet = voucherWalletSchema.parse((await send(testApp, 'GET', '/api/v2/vouchers', { member: friend })).json()).data;
      expect(wallet.flatMap((stack) => stack.vouchers.map((entry) => entry.id)).filter((id) => id === voucher.id)).toHaveLength(1);
    }
  }, 120_000);
});
