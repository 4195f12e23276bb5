import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';
import { secretsFor } from '../../http/app-secrets.ts';
import { serverJobHandlers, serverRecurringJobs } from '../../jobs/jobs.ts';
import { users } from '../../modules/auth/users.table.ts';
import { issueCard } from '../../modules/cards/cards.service.ts';
import { newProgram } from '../../modules/cards/cards.test-support.ts';
import { cards, type CardRow } from '../../modules/card-access/cards.table.ts';
import { contentOf, messagesOf } from '../../modules/inbox/inbox.test-support.ts';
import { runDueJobs, scheduleRecurringJobs } from '../../modules/jobs/job-worker.ts';
import { earn, redeem } from '../../modules/ledger/points.service.ts';
import { selectOutboxDrivers } from '../../modules/outbox/outbox.drivers.ts';
import { paymentsContextFor } from '../../modules/payments/payments.context.ts';
import { createVoucherTemplate } from '../../modules/vouchers/vouchers.service.ts';
import { issueVouchers } from '../../modules/vouchers/voucher-issuing.service.ts';
import { vouchers, type VoucherTemplateRow } from '../../modules/vouchers/vouchers.table.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { bulkMembers, merchantOfItsOwn, quietLog, type BulkMember } from '../send-broadcast/send-broadcast.test-support.ts';
import { leaveExpiryReminders, reminderWindowEnd } from './expiry-reminders.ts';
import { sandboxBiller } from '../../modules/bills/billers/sandbox.biller.ts';

// Reminders of points and vouchers about to lapse: what is told, once, and what is not.

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));

const timeZone = 'Asia/Jakarta';
let merchantId: number;
let programId: string;
beforeAll(async () => {
  ({ merchantId } = await merchantOfItsOwn(testApp));
  // Value lives 30 days.
  programId = (await newProgram(testApp, merchantId, { name: 'Kopi Points', expiryPolicy: 'rolling-days', expiryDays: 30 })).id;
});

const now = () => testApp.clock.now();
const remind = (options: { pageSize?: number } = {}) => leaveExpiryReminders({ db: testApp.db, merchantId, timeZone, now: now(), ...options });
const at = (iso: string) => new Date(iso);
/** An earn whose lot lapses at `expiresAt` (30 days after it). */
const earnLapsingAt = (card: CardRow, amount: bigint, expiresAt: string) => earn({ db: testApp.db, merchantId, card, amount, now: new Date(at(expiresAt).getTime() - 30 * DAY_MS) });

async function member(): Promise<BulkMember & { card: CardRow }> {
  const [made] = await bulkMembers(testApp, { merchantId, programId, count: 1 });
  if (!made?.card) throw new Error('No member made');
  return { ...made, card: made.card };
}

describe('the window', () => {
  it("runs to the end of the 7th day after today in the merchant's time zone", () => {
    // The test clock reads 2026-01-15 10:00 in Jakarta: the window ends as 23 January begins there.
    expect(reminderWindowEnd(at('2026-01-15T03:00:00.000Z'), timeZone).toISOString()).toBe('2026-01-22T17:00:00.000Z');
    expect(reminderWindowEnd(at('2026-01-15T03:00:00.000Z'), 'Asia/Manila').toISOString()).toBe('2026-01-22T16:00:00.000Z');
  });
});

describe('points_expiring', () => {
  it('tells, per card and day, the value still unspent that lapses within the next 7 days, once', async () => {
    const rani = await member();
    await earnLapsingAt(rani.card, 40n, '2026-01-20T03:00:00.000Z');
    await earnLapsingAt(rani.card, 10n, '2026-01-20T04:00:00.000Z');
    await earnLapsingAt(rani.card, 7n, '2026-01-22T16:59:00.000Z');
    // The first moment of 23 January in Jakarta, and later: not yet.
    await earnLapsingAt(rani.card, 3n, '2026-01-22T17:00:00.000Z');
    await earnLapsingAt(rani.card, 25n, '2026-01-25T03:00:00.000Z');
    // Spends take the soonest lapsing value first: all of the 40 and 5 of the 10.
    await redeem({ db: testApp.db, merchantId, card: rani.card, amount: 45n, now: new Date(now().getTime() - DAY_MS) });

    expect(await remind()).toMatchObject({ points: 2 });
    const link = `/cards/${rani.card.id}`;
    const told = (await messagesOf(testApp, rani.userId)).map((row) => [row.onceKey, contentOf(row)]).sort();
    const message = (points: number, expiresAt: string) => ({
      merchantId,
      userId: rani.userId,
      cardId: rani.card.id,
      facts: { kind: 'points_expiring', points, unit: 'POINT', programName: 'Kopi Points', expiresAt },
      link,
      readAt: null,
      deletedAt: null,
    });
    expect(told).toEqual([
      [`points_expiring:${rani.card.id}:2026-01-20`, message(5, '2026-01-20T04:00:00.000Z')],
      [`points_expiring:${rani.card.id}:2026-01-22`, message(7, '2026-01-22T16:59:00.000Z')],
    ]);

    expect(await remind()).toMatchObject({ points: 0 });
    // A day later the window reaches 23 January: only its value is new.
    testApp.clock.advance(DAY_MS);
    expect(await remind()).toMatchObject({ points: 1 });
    expect((await messagesOf(testApp, rani.userId)).map((row) => row.onceKey).sort()).toEqual([
      `points_expiring:${rani.card.id}:2026-01-20`,
      `points_expiring:${rani.card.id}:2026-01-22`,
      `points_expiring:${rani.card.id}:2026-01-23`,
    ]);
    testApp.clock.advance(-DAY_MS);
  });

  it('tells nobody of a card nobody holds, a card that may not spend, or an account being deleted', async () => {
    const unowned = await issueCard({ db: testApp.db, merchantId, programId });
    await earnLapsingAt(unowned, 10n, '2026-01-18T03:00:00.000Z');
    const suspended = await member();
    await earnLapsingAt(suspended.card, 10n, '2026-01-18T03:00:00.000Z');
    await testApp.db.update(cards).set({ status: 'suspended' }).where(eq(cards.id, suspended.card.id));
    const leaving = await member();
    await earnLapsingAt(leaving.card, 10n, '2026-01-18T03:00:00.000Z');
    await testApp.db.update(users).set({ deletionRequestedAt: now() }).where(eq(users.id, leaving.userId));

    await remind();
    for (const nobody of [suspended, leaving]) expect(await messagesOf(testApp, nobody.userId)).toEqual([]);
  });
});

describe('voucher_expiring', () => {
  let croissant: VoucherTemplateRow;
  let kopiSusu: VoucherTemplateRow;
  beforeAll(async () => {
    croissant = await createVoucherTemplate(testApp.db, { merchantId, programId, name: 'Butter croissant', usableAt: 'in_store', validityDays: 5 });
    kopiSusu = await createVoucherTemplate(testApp.db, { merchantId, programId, name: 'Kopi Susu', usableAt: 'in_store', validityDays: 30 });
  });

  const issue = (holder: BulkMember & { card: CardRow }, template: VoucherTemplateRow, issuedAt = now()) =>
    testApp.db.transaction(async (tx) => {
      const [voucher] = await issueVouchers(tx, { merchantId, holder: { userId: holder.userId, cardId: holder.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template, quantity: 1 }], now: issuedAt });
      if (!voucher) throw new Error('No voucher issued');
      return voucher;
    });

  it('tells of each voucher the member can still use that lapses within 7 days, on its page, once', async () => {
    const rani = await member();
    const lapsing = await issue(rani, croissant);
    await issue(rani, kopiSusu);
    const used = await issue(rani, croissant);
    await testApp.db.update(vouchers).set({ status: 'used', usedAt: now() }).where(eq(vouchers.id, used.id));
    const hidden = await issue(rani, croissant);
    await testApp.db.update(vouchers).set({ isHidden: true }).where(eq(vouchers.id, hidden.id));
    const given = await issue(rani, croissant);
    await testApp.db.update(vouchers).set({ giftHeldUntil: new Date(now().getTime() + HOUR_MS) }).where(eq(vouchers.id, given.id));
    await issue(rani, croissant, new Date(now().getTime() - 6 * DAY_MS));

    expect(await remind()).toMatchObject({ vouchers: 1 });
    expect(await remind()).toMatchObject({ vouchers: 0 });
    const [told, ...more] = await messagesOf(testApp, rani.userId);
    expect(more).toEqual([]);
    expect(told && contentOf(told)).toEqual({
      merchantId,
      userId: rani.userId,
      cardId: rani.card.id,
      facts: { kind: 'voucher_expiring', voucherName: 'Butter croissant', expiresAt: lapsing.expiresAt.toISOString() },
      link: `/egifts/details/${lapsing.id}`,
      readAt: null,
      deletedAt: null,
    });
    expect(told?.onceKey).toBe(`voucher_expiring:${lapsing.id}`);
  });
});

describe('the expiry-reminders job', () => {
  it('pages through every member of every merchant, daily', async () => {
    const members = [await member(), await member(), await member()];
    for (const [index, each] of members.entries()) {
      await earnLapsingAt(each.card, BigInt(index + 1), '2026-01-19T03:00:00.000Z');
      await createVoucherTemplate(testApp.db, { merchantId, programId, name: `Treat ${index}`, usableAt: 'in_store', validityDays: 2 }).then((template) =>
        testApp.db.transaction((tx) => issueVouchers(tx, { merchantId, holder: { userId: each.userId, cardId: each.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template, quantity: 1 }], now: now() })),
      );
    }
    // Pages of one: every member is still reached.
    await remind({ pageSize: 1 });
    for (const each of members) expect((await messagesOf(testApp, each.userId)).map((row) => row.facts.kind).sort()).toEqual(['points_expiring', 'voucher_expiring']);

    const job = serverRecurringJobs.find((recurring) => recurring.name === 'expiry-reminders');
    expect(job?.everyMs).toBe(DAY_MS);
    const late = await member();
    await earnLapsingAt(late.card, 4n, '2026-01-19T05:00:00.000Z');
    await scheduleRecurringJobs({ db: testApp.db, recurring: job ? [job] : [], now: now() });
    const handlers = serverJobHandlers({ drivers: selectOutboxDrivers({}), ...secretsFor(testApp.env.CODE_SECRET), payments: paymentsContextFor({ production: false, sandboxSecret: 'x'.repeat(32), effects: {} }), biller: sandboxBiller() });
    expect(await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: handlers.filter((handler) => handler.name === 'expiry-reminders') })).toEqual({ claimed: 1, failed: 0 });
    expect((await messagesOf(testApp, late.userId)).map((row) => row.facts)).toEqual([{ kind: 'points_expiring', points: 4, unit: 'POINT', programName: 'Kopi Points', expiresAt: '2026-01-19T05:00:00.000Z' }]);
    for (const each of members) expect(await messagesOf(testApp, each.userId)).toHaveLength(2);
  });
});
