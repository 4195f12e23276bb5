import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, inboxPageSchema, storeVisitAnswerSchema, integrationMissionAnswerSchema, integrationMissionListSchema, missionAnswerSchema, missionListAnswerSchema, type IntegrationMissionBody, type Mission } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import { cards } from '../../modules/card-access/cards.table.ts';
import { newDeviceId } from '../../modules/auth/auth.test-support.ts';
import { memberWithCard, newCard, newProgram, send, type CardMember } from '../../modules/cards/cards.test-support.ts';
import { createReferralProgram } from '../../modules/referrals/referrals.service.ts';
import { newCatalog, type TestCatalog } from '../../modules/catalog/catalog.test-support.ts';
import { lockFeature, unlockFeature } from '../../modules/features/features.service.ts';
import { jobs } from '../../modules/jobs/jobs.table.ts';
import { outletCodeKeyFor } from '../../modules/outlets/outlet-code-key.ts';
import { createOutlet } from '../../modules/outlets/outlets.service.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { reverseEntry } from '../../modules/ledger/reversal.service.ts';
import { createMission } from '../../modules/missions/missions.service.ts';
import { createVoucherTemplate } from '../../modules/vouchers/vouchers.service.ts';
import { vouchers } from '../../modules/vouchers/vouchers.table.ts';
import { removeMerchantWebhook, setMerchantWebhook, webhookSealKeyFor } from '../../modules/webhooks/webhooks.service.ts';
import { webhookEvents } from '../../modules/webhooks/webhooks.table.ts';
import { newMember } from '../../test/members.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { memberMissions, settleMemberMissions, settleMissionsJobName, sweepMissions } from './mission-progress.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

const missionsOf = async (member: CardMember): Promise<Mission[]> => {
  const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/missions`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return missionListAnswerSchema.parse(response.json()).data;
};
const balanceOf = async (cardId: string) => {
  const [card] = await testApp.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card) throw new Error('No card');
  return getBalance({ db: testApp.db, card, now: testApp.clock.now() });
};
const buy = async (member: CardMember, productId: string, quantity = 1) => {
  const answer = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, {
    member,
    body: { items: [{ productId, quantity }], delivery: { method: 'none' } },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return (answer.json() as { data: { id: string } }).data.id;
};

async function shop(): Promise<{ catalog: TestCatalog; member: CardMember }> {
  const catalog = await newCatalog(testApp, merchantId);
  const member = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
  await earn({ db: testApp.db, merchantId, card: member.card, amount: 2_000n, now: new Date(testApp.clock.now().getTime() - 5 * DAY_MS) });
  return { catalog, member };
}

function mission(programId: string, { tasks, reward = { kind: 'points', amount: 100n }, startsAt, endsAt }: { tasks: Parameters<typeof createMission>[0]['tasks']; reward?: Parameters<typeof createMission>[0]['reward']; startsAt?: Date; endsAt?: Date }) {
  const now = testApp.clock.now();
  return createMission({
    db: testApp.db,
    merchantId,
    programId,
    name: `Mission ${randomUUID().slice(0, 6)}`,
    description: null,
    startsAt: startsAt ?? new Date(now.getTime() - 2 * DAY_MS),
    endsAt: endsAt ?? new Date(now.getTime() + 10 * DAY_MS),
    reward,
    tasks,
    now,
  });
}

describe('missions', () => {
  it('counts the products bought and the points earned since the start, and gives the reward once, with an inbox message, when every task is done', async () => {
    const { catalog, member } = await shop();
    const now = testApp.clock.now();
    const created = await mission(catalog.programId, {
      tasks: [
        { kind: 'buy_product', title: 'Buy 2 Kopi Susu vouchers', description: null, target: 2n, productId: catalog.products.voucher.id },
        { kind: 'earn', title: 'Earn 100 points', description: 'At any till', target: 100n, productId: null },
      ],
    });
    // Earned before the start: not counted.
    await earn({ db: testApp.db, merchantId, card: member.card, amount: 500n, now: new Date(now.getTime() - 3 * DAY_MS) });

    const [before] = await missionsOf(member);
    expect(before).toMatchObject({
      id: created.id,
      status: 'active',
      tasksDone: 0,
      reward: { kind: 'points', amount: 100, unit: 'POINT' },
      completedAt: null,
      tasks: [
        { kind: 'buy_product', target: 2, progress: 0, done: false, product: { id: catalog.products.voucher.id, name: 'Kopi Susu voucher', type: 'evoucher' } },
        { kind: 'earn', target: 100, progress: 0, done: false, product: null, description: 'At any till' },
      ],
    });

    await buy(member, catalog.products.voucher.id);
    const taken = await earn({ db: testApp.db, merchantId, card: member.card, amount: 80n, now });
    await reverseEntry({ db: testApp.db, merchantId, entryId: taken.id, now, reason: 'returned' });
    await earn({ db: testApp.db, merchantId, card: member.card, amount: 120n, now });
    expect((await missionsOf(member))[0]).toMatchObject({ status: 'active', tasksDone: 1, tasks: [{ progress: 1, done: false }, { progress: 120, done: true }] });
    const beforeReward = await balanceOf(member.card.id);

    await buy(member, catalog.products.voucher.id);
    const done = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/missions/${created.id}`, { member });
    expect(missionAnswerSchema.parse(done.json()).data).toMatchObject({ status: 'completed', tasksDone: 2, completedAt: now.toISOString() });
    // The second voucher cost 250 points; the reward added 100.
    expect(await balanceOf(member.card.id)).toBe(beforeReward - 250n + 100n);
    const inbox = inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json()).data;
    expect(inbox.filter((message) => message.facts.kind === 'mission_completed')).toEqual([
      expect.objectContaining({
        cardId: member.card.id,
        link: `/cards/${member.card.id}/mission-activities/${created.id}`,
        facts: { kind: 'mission_completed', missionName: created.name, reward: { type: 'points', points: 100, unit: 'POINT' }, programName: 'Shop Points' },
      }),
    ]);

    // Read again, at the same moment and by the job: given once.
    await Promise.all([missionsOf(member), missionsOf(member), settleMemberMissions({ db: testApp.db, merchantId, userId: member.userId, now })]);
    expect(await balanceOf(member.card.id)).toBe(beforeReward - 250n + 100n);
    const again = inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json()).data;
    expect(again.filter((message) => message.facts.kind === 'mission_completed')).toHaveLength(1);
  });

  it('settles a mission after an order is paid, through the job the order queued, without the member looking', async () => {
    const { catalog, member } = await shop();
    const created = await mission(catalog.programId, { tasks: [{ kind: 'buy_product', title: 'Buy the e-book', description: null, target: 1n, productId: catalog.products.ebook.id }], reward: { kind: 'points', amount: 40n } });
    const orderId = await buy(member, catalog.products.ebook.id);
    const [queued] = await testApp.db.select().from(jobs).where(eq(jobs.key, `missions:order:${orderId}`));
    expect(queued).toMatchObject({ name: settleMissionsJobName, payload: { merchantId, userId: member.userId } });
    const before = await balanceOf(member.card.id);
    expect(await settleMemberMissions({ db: testApp.db, merchantId, userId: member.userId, now: testApp.clock.now() })).toBe(1);
    expect(await balanceOf(member.card.id)).toBe(before + 40n);
    expect((await missionsOf(member)).find((row) => row.id === created.id)).toMatchObject({ status: 'completed' });
  });

  it('gives e-vouchers for a mission of cards held, and tells the merchant by webhook', async () => {
    const { catalog, member } = await shop();
    await setMerchantWebhook({ db: testApp.db, merchantId, url: 'https://hooks.example/kartu', sealKey: webhookSealKeyFor(undefined), production: false, now: testApp.clock.now() });
    const template = await createVoucherTemplate(testApp.db, { merchantId, programId: catalog.programId, name: 'Free croissant', usableAt: 'in_store', validityDays: 30 });
    const created = await mission(catalog.programId, { tasks: [{ kind: 'add_card', title: 'Hold 2 cards', description: null, target: 2n, productId: null }], reward: { kind: 'voucher', templateId: template.id, quantity: 2 } });
    expect((await missionsOf(member))[0]).toMatchObject({ status: 'active', tasks: [{ progress: 1 }], reward: { kind: 'voucher', templateId: template.id, name: 'Free croissant', quantity: 2 } });
    await newCard(testApp, { merchantId, programId: catalog.programId, owner: member });
    expect((await missionsOf(member)).find((row) => row.id === created.id)).toMatchObject({ status: 'completed', tasks: [{ progress: 2, done: true }] });
    const given = await testApp.db.select().from(vouchers).where(and(eq(vouchers.userId, member.userId), eq(vouchers.sourceType, 'mission')));
    expect(given.map((voucher) => [voucher.templateId, voucher.cardId, voucher.status])).toEqual([
      [template.id, member.card.id, 'active'],
      [template.id, member.card.id, 'active'],
    ]);
    const inbox = inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json()).data;
    expect(inbox.find((message) => message.facts.kind === 'mission_completed')?.facts).toMatchObject({ reward: { type: 'voucher', voucherName: 'Free croissant', vouchers: 2 } });
    const told = await testApp.db.select().from(webhookEvents).where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'mission.completed')));
    expect(told.map((event) => event.data)).toContainEqual({
      missionId: created.id,
      programId: catalog.programId,
      card: { id: member.card.id, number: member.card.number },
      completedAt: testApp.clock.now().toISOString(),
      reward: { kind: 'voucher', templateId: template.id, quantity: 2 },
    });
    await removeMerchantWebhook({ db: testApp.db, merchantId });
  });

  it('counts the friends who sign up through the member’s invite, settled by the job their joining queued', async () => {
    const program = await newProgram(testApp, merchantId, { name: `Mission friends ${randomUUID().slice(0, 4)}`, expiryPolicy: 'none', expiryDays: null });
    const now = testApp.clock.now();
    const referral = await createReferralProgram({ db: testApp.db, merchantId, programId: program.id, referrerReward: 10n, friendReward: 0n, rewardOn: 'purchased', dailyRewardCap: 10, startsAt: now, endsAt: null, now });
    const referrer = await memberWithCard(testApp, { merchantId, programId: program.id });
    const created = await mission(program.id, { tasks: [{ kind: 'refer', title: 'Bring a friend', description: null, target: 1n, productId: null }], reward: { kind: 'points', amount: 30n } });
    const overview = await send(testApp, 'GET', `/api/v2/referrals/${referral.id}`, { member: referrer });
    const { code } = (overview.json() as { data: { code: string } }).data;
    const friend = await newMember(testApp);
    const joined = await send(testApp, 'POST', '/api/v2/referrals/join', { member: friend, body: { code }, headers: { 'x-device-id': newDeviceId() } });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const queued = await testApp.db.select().from(jobs).where(eq(jobs.name, settleMissionsJobName));
    expect(queued.filter((job) => job.payload.userId === referrer.userId && job.key?.startsWith('missions:referral:'))).toHaveLength(1);
    expect(await settleMemberMissions({ db: testApp.db, merchantId, userId: referrer.userId, now })).toBe(1);
    expect((await missionsOf(referrer)).find((row) => row.id === created.id)).toMatchObject({ status: 'completed', tasks: [{ progress: 1, done: true }] });
    expect(await balanceOf(referrer.card.id)).toBe(30n);
  });

  it('counts store visits, the store code typed at the counter, once a store and day, and locks check-ins after three wrong codes', async () => {
    const { catalog, member } = await shop();
    const codeKey = outletCodeKeyFor(testApp.env.CODE_SECRET);
    const suffix = randomUUID().slice(0, 6);
    const kemang = await createOutlet({ db: testApp.db, merchantId, name: `Kemang ${suffix}`, code: `KM${suffix}`, requiresCashierCode: false, codeKey });
    await createOutlet({ db: testApp.db, merchantId, name: `Senayan ${suffix}`, code: `SN${suffix}`, requiresCashierCode: false, codeKey });
    const created = await mission(catalog.programId, { tasks: [{ kind: 'visit_store', title: 'Visit 2 stores', description: null, target: 2n, productId: null }], reward: { kind: 'points', amount: 15n } });
    const visit = (outletCode: string, who: CardMember = member) => send(testApp, 'POST', `/api/v2/cards/${who.card.id}/store-visits`, { member: who, body: { outletCode } });

    const wrong = await visit('NOPE');
    expect([wrong.statusCode, codeOf(wrong), errorBodySchema.parse(wrong.json()).attemptsRemaining]).toEqual([400, 'STORE_CODE_INVALID', 2]);
    const first = await visit(`KM${suffix}`);
    expect(first.statusCode, first.body).toBe(201);
    expect(storeVisitAnswerSchema.parse(first.json()).data).toEqual({ outletName: kemang.name, visitedAt: testApp.clock.now().toISOString(), counted: true });
    expect(storeVisitAnswerSchema.parse((await visit(`KM${suffix}`)).json()).data.counted).toBe(false);
    expect((await missionsOf(member)).find((row) => row.id === created.id)).toMatchObject({ status: 'active', tasks: [{ progress: 1 }] });
    expect(storeVisitAnswerSchema.parse((await visit(`SN${suffix}`)).json()).data.counted).toBe(true);
    expect(await settleMemberMissions({ db: testApp.db, merchantId, userId: member.userId, now: testApp.clock.now() })).toBe(1);

    const stranger = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
    expect(codeOf(await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/store-visits`, { member: stranger, body: { outletCode: `KM${suffix}` } }))).toBe('CARD_NOT_FOUND');
    for (const remaining of [2, 1]) expect(errorBodySchema.parse((await visit('NOPE', stranger)).json()).attemptsRemaining).toBe(remaining);
    const locked = await visit('NOPE', stranger);
    expect([locked.statusCode, codeOf(locked)]).toEqual([429, 'STORE_CODE_LOCKED']);
    expect(codeOf(await visit(`KM${suffix}`, stranger))).toBe('STORE_CODE_LOCKED');
  });

  it('keeps an expired mission in the history unfinished, leaves one not started out, and answers 404 and 403 where it must', async () => {
    const { catalog, member } = await shop();
    const now = testApp.clock.now();
    const ended = await mission(catalog.programId, { tasks: [{ kind: 'earn', title: 'Earn 10', description: null, target: 10n, productId: null }], startsAt: new Date(now.getTime() - 20 * DAY_MS), endsAt: new Date(now.getTime() - 10 * DAY_MS) });
    await mission(catalog.programId, { tasks: [{ kind: 'earn', title: 'Earn 10', description: null, target: 10n, productId: null }], startsAt: new Date(now.getTime() + DAY_MS), endsAt: new Date(now.getTime() + 9 * DAY_MS) });
    const running = await mission(catalog.programId, { tasks: [{ kind: 'earn', title: 'Earn 99999', description: null, target: 99_999n, productId: null }] });
    // Earned after the end, while no other mission could be completed by it.
    await earn({ db: testApp.db, merchantId, card: member.card, amount: 50n, now });
    const listed = await missionsOf(member);
    expect(listed.map((row) => [row.id, row.status])).toEqual([
      [running.id, 'active'],
      [ended.id, 'expired'],
    ]);
    expect(listed[1]?.tasks[0]).toMatchObject({ progress: 0, done: false });

    const stranger = await newMember(testApp);
    expect(codeOf(await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/missions`, { member: stranger }))).toBe('CARD_NOT_FOUND');
    expect(codeOf(await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/missions/${randomUUID()}`, { member }))).toBe('MISSION_NOT_FOUND');
    expect(codeOf(await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/missions/not-an-id`, { member }))).toBe('MISSION_NOT_FOUND');
    // Another program's mission is not found on this card.
    const other = await shop();
    const elsewhere = await mission(other.catalog.programId, { tasks: [{ kind: 'earn', title: 'Earn 10', description: null, target: 10n, productId: null }] });
    expect(codeOf(await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/missions/${elsewhere.id}`, { member }))).toBe('MISSION_NOT_FOUND');

    await lockFeature({ db: testApp.db, merchantId, feature: 'mission', now });
    const locked = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/missions`, { member });
    expect([locked.statusCode, codeOf(locked)]).toEqual([403, 'FEATURE_LOCKED']);
    await unlockFeature({ db: testApp.db, merchantId, feature: 'mission' });
  });

  it('settles, every quarter hour, the members whose cards earned in the last half hour', async () => {
    const { catalog, member } = await shop();
    const now = testApp.clock.now();
    const created = await mission(catalog.programId, { tasks: [{ kind: 'earn', title: 'Earn 30', description: null, target: 30n, productId: null }], reward: { kind: 'points', amount: 5n } });
    const quiet = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
    await earn({ db: testApp.db, merchantId, card: quiet.card, amount: 40n, now: new Date(now.getTime() - 60 * 60_000) });
    await earn({ db: testApp.db, merchantId, card: member.card, amount: 30n, now });
    expect(await sweepMissions({ db: testApp.db, now })).toBeGreaterThanOrEqual(1);
    const read = await memberMissions({ db: testApp.db, merchantId, userId: member.userId, cardId: member.card.id, currency: 'IDR', now });
    expect(read.find((row) => row.id === created.id)).toMatchObject({ status: 'completed' });
    // The quiet member reached it an hour ago: completed at their next look.
    expect(await balanceOf(quiet.card.id)).toBe(40n);
    expect((await missionsOf(quiet)).find((row) => row.id === created.id)).toMatchObject({ status: 'completed' });
    expect(await balanceOf(quiet.card.id)).toBe(45n);
  });
});

describe('missions through the integration API', () => {
  it('makes, lists and ends a mission, refusing products, vouchers and dates that are not the merchant’s', async () => {
    const { catalog } = await shop();
    const other = await newCatalog(testApp, merchantId);
    const { key } = await createApiKey({ db: testApp.db, merchantId, name: 'Back office' });
    const now = testApp.clock.now();
    const body: IntegrationMissionBody = {
      programId: catalog.programId,
      name: 'Tumbler week',
      description: 'Buy a tumbler and earn 100 points',
      startsAt: new Date(now.getTime() - DAY_MS).toISOString(),
      endsAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
      reward: { kind: 'points', amount: 75 },
      tasks: [
        { kind: 'buy_product', title: 'Buy a tumbler', target: 1, productId: catalog.products.tumbler.id },
        { kind: 'earn', title: 'Earn 100 points', target: 100 },
      ],
    };
    const refusals = [
      [{ ...body, tasks: [{ kind: 'buy_product', title: 'Elsewhere', target: 1, productId: other.products.tumbler.id }] }, 'body.tasks.0.productId'],
      [{ ...body, tasks: [{ kind: 'earn', title: 'Earn', target: 1, productId: catalog.products.tumbler.id }] }, 'body.tasks.0.productId'],
      [{ ...body, reward: { kind: 'voucher', templateId: randomUUID(), quantity: 1 } }, 'body.reward.templateId'],
      [{ ...body, startsAt: '0000-01-01T00:00:00Z' }, 'body.startsAt'],
      [{ ...body, endsAt: body.startsAt }, 'body.endsAt'],
      [{ ...body, tasks: [] }, 'body.tasks'],
    ] as const;
    for (const [refused, field] of refusals) {
      const answer = await callIntegration(testApp, 'POST', '/missions', { key, body: refused });
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(400);
      expect(errorBodySchema.parse(answer.json()).details?.map((detail) => detail.field)).toContain(field);
    }
    const elsewhere = await callIntegration(testApp, 'POST', '/missions', { key, body: { ...body, programId: randomUUID(), tasks: [{ kind: 'earn', title: 'Earn', target: 1 }] } });
    expect(elsewhere.statusCode).toBe(404);

    const made = await callIntegration(testApp, 'POST', '/missions', { key, body, idempotencyKey: 'mission-1' });
    expect(made.statusCode, made.body).toBe(201);
    const created = integrationMissionAnswerSchema.parse(made.json()).data;
    expect(created).toMatchObject({ name: 'Tumbler week', reward: { kind: 'points', amount: 75 }, completions: 0, tasks: [{ kind: 'buy_product', productId: catalog.products.tumbler.id }, { kind: 'earn', productId: null }] });
    const replayed = await callIntegration(testApp, 'POST', '/missions', { key, body, idempotencyKey: 'mission-1' });
    expect(integrationMissionAnswerSchema.parse(replayed.json()).data.id).toBe(created.id);
    const listed = integrationMissionListSchema.parse((await callIntegration(testApp, 'GET', '/missions', { key })).json()).data;
    expect(listed.filter((row) => row.id === created.id)).toHaveLength(1);

    const ended = await callIntegration(testApp, 'POST', `/missions/${created.id}/end`, { key, body: {} });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(integrationMissionAnswerSchema.parse(ended.json()).data.endsAt).toBe(now.toISOString());
    expect((await callIntegration(testApp, 'POST', `/missions/${created.id}/end`, { key, body: {} })).statusCode).toBe(409);
    expect((await callIntegration(testApp, 'POST', `/missions/${randomUUID()}/end`, { key, body: {} })).statusCode).toBe(404);
  });
});

describe('missions from the command line', () => {
  it('adds a mission from a JSON file, lists it and ends it, refusing a file that is not a mission', async () => {
    const { catalog } = await shop();
    const kartu = kartuOn(() => testApp);
    const folder = await mkdtemp(join(tmpdir(), 'kartu-missions-'));
    // The command reads the real time, not the test app's clock.
    const now = new Date();
    const file = join(folder, 'mission.json');
    await writeFile(
      file,
      JSON.stringify({
        name: 'Command line mission',
        startsAt: new Date(now.getTime() - DAY_MS).toISOString(),
        endsAt: new Date(now.getTime() + DAY_MS).toISOString(),
        reward: { kind: 'points', amount: 10 },
        tasks: [{ kind: 'earn', title: 'Earn 10', target: 10 }],
      }),
    );
    const added = await kartu('missions', 'add', '--program', catalog.programId, '--file', file);
    expect(added.code, added.error).toBe(0);
    const id = /Mission ([0-9a-f-]{36}) added/.exec(added.out)?.[1];
    expect(id).toBeDefined();
    expect((await kartu('missions', 'list', '--merchant', 'KOPISENJA')).out).toContain(`${id}  program ${catalog.programId}  "Command line mission"`);
    await writeFile(file, JSON.stringify({ name: 'No tasks' }));
    const refused = await kartu('missions', 'add', '--program', catalog.programId, '--file', file);
    expect(refused.code).toBe(2);
    expect(refused.error).toContain('tasks');
    expect((await kartu('missions', 'end', '--merchant', 'KOPISENJA', '--id', id ?? '')).out).toContain('ended');
    expect((await kartu('missions', 'end', '--merchant', 'KOPISENJA', '--id', id ?? '')).code).not.toBe(0);
  });
});

