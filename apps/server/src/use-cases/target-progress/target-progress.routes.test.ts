import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, inboxPageSchema, targetAnswerSchema, targetListAnswerSchema, type Target } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import { cards } from '../../modules/card-access/cards.table.ts';
import { newCard, newProgram, send } from '../../modules/cards/cards.test-support.ts';
import { lockFeature, unlockFeature } from '../../modules/features/features.service.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { reverseEntry } from '../../modules/ledger/reversal.service.ts';
import { createTarget, targetWindow } from '../../modules/targets/targets.service.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { memberTargets, payReachedTargets } from './target-progress.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

async function setup() {
  const program = await newProgram(testApp, merchantId, { name: `Target ${randomUUID().slice(0, 6)}`, expiryPolicy: 'none', expiryDays: null, earnRateNumerator: 1n, earnRateDenominator: 1000n });
  const member = await newMember(testApp);
  const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
  return { program, member, card };
}

const targetsOf = async (member: TestMember, cardId: string): Promise<Target[]> => {
  const response = await send(testApp, 'GET', `/api/v2/cards/${cardId}/targets`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return targetListAnswerSchema.parse(response.json()).data;
};
const balanceOf = async (cardId: string) => {
  const [card] = await testApp.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card) throw new Error('No card');
  return getBalance({ db: testApp.db, card, now: testApp.clock.now() });
};

describe('target achievement', () => {
  it('counts the bills of the year toward a spend target, leaves a voided one out, and pays the reward once when reached', async () => {
    const { program, member, card } = await setup();
    const now = testApp.clock.now();
    const target = await createTarget({ db: testApp.db, merchantId, programId: program.id, name: 'Regular of the year', description: null, kind: 'spend', period: 'yearly', cycleDays: null, target: 100_000n, reward: 300n, startsAt: new Date(now.getTime() - 400 * DAY_MS), endsAt: null, now });
    const { key } = await createApiKey({ db: testApp.db, merchantId, name: 'Till' });
    const bill = (amount: number, billNumber = `T-${randomUUID().slice(0, 8)}`) => callIntegration(testApp, 'POST', '/purchases', { key, body: { cardNumber: card.number, amount, billNumber } }).then((answer) => ({ answer, billNumber }));

    const [before] = await targetsOf(member, card.id);
    expect(before).toMatchObject({ id: target.id, kind: 'spend', period: 'yearly', target: 100_000, progress: 0, currency: 'IDR', unit: 'POINT', reward: 300, achieved: false, achievedAt: null });
    // The year is the merchant's calendar year (Asia/Jakarta): it starts at 17:00 UTC the day before.
    expect(before?.windowStartsAt).toBe('2025-12-31T17:00:00.000Z');
    expect(before?.windowEndsAt).toBe('2026-12-31T17:00:00.000Z');

    await bill(60_000);
    const voided = await bill(30_000);
    expect((await callIntegration(testApp, 'POST', `/purchases/${voided.billNumber}/void`, { key, body: { reason: 'returned' } })).statusCode).toBeLessThan(300);
    expect((await targetsOf(member, card.id))[0]).toMatchObject({ progress: 60_000, achieved: false });
    const earnedByBills = await balanceOf(card.id);

    await bill(40_000);
    const reached = await send(testApp, 'GET', `/api/v2/cards/${card.id}/targets/${target.id}`, { member });
    expect(targetAnswerSchema.parse(reached.json()).data).toMatchObject({ progress: 100_000, achieved: true, achievedAt: testApp.clock.now().toISOString() });
    expect(await balanceOf(card.id)).toBe(earnedByBills + 40n + 300n);
    const inbox = inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json()).data;
    expect(inbox.filter((message) => message.facts.kind === 'target_reached')).toEqual([
      expect.objectContaining({ cardId: card.id, link: `/cards/${card.id}/target-achievement/${target.id}`, facts: { kind: 'target_reached', targetName: 'Regular of the year', points: 300, unit: 'POINT', programName: program.name } }),
    ]);
    // Read again, and at the same moment: paid once.
    await Promise.all([targetsOf(member, card.id), targetsOf(member, card.id), targetsOf(member, card.id)]);
    expect(await balanceOf(card.id)).toBe(earnedByBills + 40n + 300n);
    const again = inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json()).data;
    expect(again.filter((message) => message.facts.kind === 'target_reached')).toHaveLength(1);
  });

  it('counts points earned in the current cycle toward a collect target, earns taken back not counted, and starts again next cycle', async () => {
    const { program, member, card } = await setup();
    const now = testApp.clock.now();
    const target = await createTarget({ db: testApp.db, merchantId, programId: program.id, name: 'Collect 500', description: 'Each 30 days', kind: 'collect', period: 'cycle', cycleDays: 30, target: 500n, reward: 50n, startsAt: new Date(now.getTime() - 45 * DAY_MS), endsAt: null, now });
    const window = targetWindow(target, now, 'Asia/Jakarta');
    expect(window.startsAt.toISOString()).toBe(new Date(now.getTime() - 15 * DAY_MS).toISOString());
    // Earned before the window: not counted.
    await earn({ db: testApp.db, merchantId, card, amount: 400n, now: new Date(now.getTime() - 20 * DAY_MS) });
    await earn({ db: testApp.db, merchantId, card, amount: 300n, now });
    const taken = await earn({ db: testApp.db, merchantId, card, amount: 250n, now });
    await reverseEntry({ db: testApp.db, merchantId, entryId: taken.id, now, reason: 'returned' });
    expect((await targetsOf(member, card.id))[0]).toMatchObject({ progress: 300, achieved: false });
    await earn({ db: testApp.db, merchantId, card, amount: 200n, now });
    expect((await targetsOf(member, card.id))[0]).toMatchObject({ progress: 500, achieved: true });

    // Sixteen days on (read through the use case: a session would have ended by then).
    const later = new Date(now.getTime() + 16 * DAY_MS);
    const next = (await memberTargets({ db: testApp.db, merchantId, userId: member.userId, cardId: card.id, currency: 'IDR', now: later }))[0];
    // The reward is an earn of the past cycle; the new one starts from nothing.
    expect(next).toMatchObject({ progress: 0, achieved: false, achievedAt: null });
  });

  it('answers 404 for another member’s card and an unknown target, and 403 while the merchant locks targets', async () => {
    const { program, member, card } = await setup();
    const stranger = await newMember(testApp);
    expect(codeOf(await send(testApp, 'GET', `/api/v2/cards/${card.id}/targets`, { member: stranger }))).toBe('CARD_NOT_FOUND');
    expect(codeOf(await send(testApp, 'GET', `/api/v2/cards/${card.id}/targets/${randomUUID()}`, { member }))).toBe('TARGET_NOT_FOUND');
    const now = testApp.clock.now();
    // A target not yet started is not shown.
    await createTarget({ db: testApp.db, merchantId, programId: program.id, name: 'Later', description: null, kind: 'spend', period: 'period', cycleDays: null, target: 1n, reward: 1n, startsAt: new Date(now.getTime() + DAY_MS), endsAt: new Date(now.getTime() + 2 * DAY_MS), now });
    expect(await targetsOf(member, card.id)).toEqual([]);
    await lockFeature({ db: testApp.db, merchantId, feature: 'target-achievement', now });
    const locked = await send(testApp, 'GET', `/api/v2/cards/${card.id}/targets`, { member });
    expect([locked.statusCode, codeOf(locked)]).toEqual([403, 'FEATURE_LOCKED']);
    await unlockFeature({ db: testApp.db, merchantId, feature: 'target-achievement' });
  });

  it('pays the targets members reached without looking, from the cards that earned in the last half hour, once', async () => {
    const { program, member, card } = await setup();
    const now = testApp.clock.now();
    const target = await createTarget({ db: testApp.db, merchantId, programId: program.id, name: 'Collect 100', description: null, kind: 'collect', period: 'yearly', cycleDays: null, target: 100n, reward: 25n, startsAt: new Date(now.getTime() - DAY_MS), endsAt: null, now });
    const quiet = await newMember(testApp);
    const quietCard = await newCard(testApp, { merchantId, programId: program.id, owner: quiet });
    // The quiet member reached it an hour ago: outside the run's look back, paid on their next look.
    await earn({ db: testApp.db, merchantId, card: quietCard, amount: 150n, now: new Date(now.getTime() - 60 * 60_000) });
    await earn({ db: testApp.db, merchantId, card, amount: 120n, now });

    expect(await payReachedTargets({ db: testApp.db, now })).toBe(1);
    expect(await balanceOf(card.id)).toBe(145n);
    expect(await balanceOf(quietCard.id)).toBe(150n);
    expect(await payReachedTargets({ db: testApp.db, now })).toBe(0);
    expect((await targetsOf(member, card.id)).find((row) => row.id === target.id)).toMatchObject({ achieved: true, achievedAt: now.toISOString() });
    expect((await targetsOf(quiet, quietCard.id)).find((row) => row.id === target.id)).toMatchObject({ achieved: true });
    expect(await balanceOf(quietCard.id)).toBe(175n);
  });

  it('refuses a target without a period end, a cycle without days, and nothing to reach', async () => {
    const { program } = await setup();
    const now = testApp.clock.now();
    const base = { db: testApp.db, merchantId, programId: program.id, name: 'T', description: null, kind: 'spend', cycleDays: null, target: 1n, reward: 1n, startsAt: now, endsAt: null, now } as const;
    await expect(createTarget({ ...base, period: 'period' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(createTarget({ ...base, period: 'cycle' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(createTarget({ ...base, period: 'yearly', target: 0n })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
