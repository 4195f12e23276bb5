import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  inboxPageSchema,
  referralFriendAnswerSchema,
  referralFriendsAnswerSchema,
  referralInviteAnswerSchema,
  referralJoinAnswerSchema,
  referralListAnswerSchema,
  referralOverviewAnswerSchema,
  type ReferralRewardOn,
} from '@kartu/contracts';
import { DAY_MS, REFERRAL_INVITES_PER_DAY } from '@kartu/core';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import { newDeviceId, newPhone, passCode } from '../../modules/auth/auth.test-support.ts';
import { users } from '../../modules/auth/users.table.ts';
import { cards } from '../../modules/card-access/cards.table.ts';
import { newCard, newProgram, send } from '../../modules/cards/cards.test-support.ts';
import { lockFeature, unlockFeature } from '../../modules/features/features.service.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { createReferralProgram, endReferralProgram } from '../../modules/referrals/referrals.service.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { merchantIdOf, useTestApp, type TestApp } from '../../test/test-app.ts';
import { advanceReferrals } from './referral-progress.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

/** A card program of its own with a referral program: 100 points a friend, 50 for the friend. */
async function referralSetup({ rewardOn = 'purchased', dailyRewardCap = 10 }: { rewardOn?: ReferralRewardOn; dailyRewardCap?: number } = {}) {
  const program = await newProgram(testApp, merchantId, { name: `Senja Friends ${newPhone().slice(-4)}`, expiryPolicy: 'none', expiryDays: null, earnRateNumerator: 1n, earnRateDenominator: 1000n });
  const now = testApp.clock.now();
  const referral = await createReferralProgram({ db: testApp.db, merchantId, programId: program.id, referrerReward: 100n, friendReward: 50n, rewardOn, dailyRewardCap, startsAt: now, endsAt: null, now });
  const referrer = await newMember(testApp, { name: 'Rani Saputra' });
  const card = await newCard(testApp, { merchantId, programId: program.id, owner: referrer });
  return { program, referral, referrer, card };
}

const overviewOf = async (member: TestMember, referralId: string) => {
  const response = await send(testApp, 'GET', `/api/v2/referrals/${referralId}`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return referralOverviewAnswerSchema.parse(response.json()).data;
};
const friendsOf = async (member: TestMember, referralId: string, query = '') => {
  const response = await send(testApp, 'GET', `/api/v2/referrals/${referralId}/friends${query}`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return referralFriendsAnswerSchema.parse(response.json());
};
const invite = (member: TestMember, referralId: string, phone: string) => send(testApp, 'POST', `/api/v2/referrals/${referralId}/invites`, { member, body: { phone, countryCode: '62' } });
const join = (member: Pick<TestMember, 'token'>, code: string, deviceId = newDeviceId()) => send(testApp, 'POST', '/api/v2/referrals/join', { member, body: { code }, headers: { 'x-device-id': deviceId } });
const balanceOf = async (cardId: string) => {
  const [card] = await testApp.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card) throw new Error('No card');
  return getBalance({ db: testApp.db, card, now: testApp.clock.now() });
};

/** A member of the till's merchant buys with the card: a bill through the integration API. */
async function buyAtTill(cardNumber: string, amount = 50_000) {
  const { key } = await createApiKey({ db: testApp.db, merchantId, name: `Till ${newPhone()}` });
  const billNumber = `B-${newPhone()}`;
  const bought = await callIntegration(testApp, 'POST', '/purchases', { key, body: { cardNumber, amount, billNumber } });
  expect(bought.statusCode, bought.body).toBe(201);
  return { billNumber };
}

const cardOfProgram = async (userId: string, programId: string) => {
  const [card] = await testApp.db.select().from(cards).where(and(eq(cards.ownerUserId, userId), eq(cards.programId, programId)));
  if (!card) throw new Error('The member has no card of the program');
  return card;
};

describe("a member's referral page", () => {
  it('gives the member one code and a link on the site, lists the program on their card, and counts nobody yet', async () => {
    const { referral, referrer, card } = await referralSetup();
    const first = await overviewOf(referrer, referral.id);
    expect(first).toMatchObject({ id: referral.id, cardId: card.id, referrerReward: 100, friendReward: 50, rewardOn: 'purchased', status: 'active', invitesLeftToday: REFERRAL_INVITES_PER_DAY });
    expect(first.code).toMatch(/^RANISA[A-Z2-9]{4}$/);
    expect(first.link).toBe(`http://localhost/?ref=${first.code}`);
    expect(first.summary).toEqual({ pending: 0, registered: 0, purchased: 0, commission: 0 });
    expect((await overviewOf(referrer, referral.id)).code).toBe(first.code);

    const listed = referralListAnswerSchema.parse((await send(testApp, 'GET', '/api/v2/referrals', { member: referrer })).json()).data;
    expect(listed.find((item) => item.id === referral.id)).toMatchObject({ cardId: card.id, status: 'active' });
    const stranger = await newMember(testApp);
    expect(referralListAnswerSchema.parse((await send(testApp, 'GET', '/api/v2/referrals', { member: stranger })).json()).data.some((item) => item.id === referral.id)).toBe(false);
  });

  it('answers 404 REFERRAL_NOT_FOUND for an unknown id and for another merchant’s program', async () => {
    const { referral } = await referralSetup();
    const member = await newMember(testApp);
    expect(codeOf(await send(testApp, 'GET', '/api/v2/referrals/not-an-id', { member }))).toBe('REFERRAL_NOT_FOUND');
    const elsewhere = await newMember(testApp, { host: 'v2.localhost' });
    const refused = await send(testApp, 'GET', `/api/v2/referrals/${referral.id}`, { member: elsewhere, host: 'v2.localhost' });
    expect(refused.statusCode).toBe(404);
    expect(codeOf(refused)).toBe('REFERRAL_NOT_FOUND');
  });
});

describe('inviting a friend by phone', () => {
  it('lists the friend pending, masked, and refuses the own phone, a bad phone and the same phone twice', async () => {
    const { referral, referrer } = await referralSetup();
    const phone = newPhone();
    const sent = await invite(referrer, referral.id, phone);
    expect(sent.statusCode, sent.body).toBe(201);
    const friend = referralFriendAnswerSchema.parse(sent.json()).data;
    expect(friend).toMatchObject({ state: 'pending', unavailableReason: null, commission: 0, friendPhone: `+62 ${phone.slice(1, 4)}-****-${phone.slice(-4)}` });
    expect(codeOf(await invite(referrer, referral.id, phone))).toBe('REFERRAL_ALREADY_INVITED');
    expect(codeOf(await invite(referrer, referral.id, referrer.phone))).toBe('REFERRAL_SELF');
    const bad = await invite(referrer, referral.id, '12');
    expect(bad.statusCode).toBe(400);
    expect(errorBodySchema.parse(bad.json()).details?.[0]?.field).toBe('body.phone');
    expect((await overviewOf(referrer, referral.id)).summary.pending).toBe(1);
  });

  it('lists a member already, and a phone another member invited first, as unavailable with the reason', async () => {
    const { referral, referrer } = await referralSetup();
    const existing = await newMember(testApp);
    const member = referralFriendAnswerSchema.parse((await invite(referrer, referral.id, existing.phone)).json()).data;
    expect(member).toMatchObject({ state: 'unavailable', unavailableReason: 'already-member' });
    const phone = newPhone();
    await invite(referrer, referral.id, phone);
    const second = await newMember(testApp);
    await newCard(testApp, { merchantId, programId: referral.programId, owner: second });
    expect(referralFriendAnswerSchema.parse((await invite(second, referral.id, phone)).json()).data).toMatchObject({ state: 'unavailable', unavailableReason: 'invited-by-another' });
  });

  it(`stops after ${REFERRAL_INVITES_PER_DAY} invites in a day, and starts again the next`, async () => {
    const { referral, referrer } = await referralSetup();
    for (let index = 0; index < REFERRAL_INVITES_PER_DAY; index += 1) expect((await invite(referrer, referral.id, newPhone())).statusCode).toBe(201);
    const refused = await invite(referrer, referral.id, newPhone());
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('REFERRAL_INVITES_LIMIT');
    expect((await overviewOf(referrer, referral.id)).invitesLeftToday).toBe(0);
    testApp.clock.advance(DAY_MS + 1);
    expect((await invite(referrer, referral.id, newPhone())).statusCode).toBe(201);
  });

  it('refuses invites once the program ended, and while the merchant keeps referral locked', async () => {
    const { referral, referrer } = await referralSetup();
    await lockFeature({ db: testApp.db, merchantId, feature: 'referral', now: testApp.clock.now() });
    const locked = await invite(referrer, referral.id, newPhone());
    expect([locked.statusCode, codeOf(locked)]).toEqual([403, 'FEATURE_LOCKED']);
    await unlockFeature({ db: testApp.db, merchantId, feature: 'referral' });
    await endReferralProgram({ db: testApp.db, merchantId, referralId: referral.id, now: testApp.clock.now() });
    testApp.clock.advance(1);
    const ended = await invite(referrer, referral.id, newPhone());
    expect([ended.statusCode, codeOf(ended)]).toEqual([409, 'REFERRAL_ENDED']);
    expect(await overviewOf(referrer, referral.id)).toMatchObject({ status: 'ended', invitesLeftToday: 0 });
  });
});

describe('a shared code', () => {
  it('tells a visitor who invites and what the friend receives, at its merchant only', async () => {
    const { referral, referrer } = await referralSetup();
    const { code } = await overviewOf(referrer, referral.id);
    const shown = await send(testApp, 'GET', `/api/referrals/codes/${code.toLowerCase()}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(referralInviteAnswerSchema.parse(shown.json()).data).toMatchObject({ code, referrerName: 'Rani S.', friendReward: 50, status: 'active', id: referral.id });
    expect(codeOf(await send(testApp, 'GET', '/api/referrals/codes/NOSUCHCODE'))).toBe('REFERRAL_NOT_FOUND');
    expect((await send(testApp, 'GET', `/api/referrals/codes/${code}`, { host: 'v2.localhost' })).statusCode).toBe(404);
  });
});

describe('joining through a code', () => {
  it('gives the new member a card of the program with the welcome and the friend’s reward, lists them registered, and pays at the first purchase', async () => {
    const { referral, referrer, card: referrerCard, program } = await referralSetup();
    const { code } = await overviewOf(referrer, referral.id);
    const friend = await newMember(testApp, { name: 'Budi Santoso' });
    const joined = await join(friend, code);
    expect(joined.statusCode, joined.body).toBe(200);
    const answer = referralJoinAnswerSchema.parse(joined.json()).data;
    expect(answer).toMatchObject({ referralId: referral.id, friendReward: 50, referrerName: 'Rani S.', unit: 'POINT' });
    expect(await balanceOf(answer.cardId)).toBe(50n);
    expect((await cardOfProgram(friend.userId, program.id)).id).toBe(answer.cardId);
    expect((await overviewOf(referrer, referral.id)).summary).toEqual({ pending: 0, registered: 1, purchased: 0, commission: 0 });
    expect(codeOf(await join(friend, code))).toBe('REFERRAL_ALREADY_JOINED');

    const friendCard = await cardOfProgram(friend.userId, program.id);
    await buyAtTill(friendCard.number);
    const after = await overviewOf(referrer, referral.id);
    expect(after.summary).toEqual({ pending: 0, registered: 0, purchased: 1, commission: 100 });
    expect(await balanceOf(referrerCard.id)).toBe(100n);
    const [listed] = (await friendsOf(referrer, referral.id)).data;
    expect(listed).toMatchObject({ state: 'purchased', commission: 100, commissionPending: false });

    // Both members are told, in their inbox, as facts the app words.
    const inbox = async (member: TestMember) => inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json()).data.map((message) => message.facts);
    expect(await inbox(referrer)).toContainEqual(expect.objectContaining({ kind: 'referral_reward', role: 'referrer', friendState: 'purchased', otherName: 'Budi S.', points: 100 }));
    expect(await inbox(friend)).toContainEqual(expect.objectContaining({ kind: 'referral_reward', role: 'friend', otherName: 'Rani S.', points: 50 }));
    // Looking again pays nothing more.
    await overviewOf(referrer, referral.id);
    expect(await balanceOf(referrerCard.id)).toBe(100n);
  });

  it('pays a program that pays at sign-up at once, and counts no voided bill as a purchase', async () => {
    const registeredPays = await referralSetup({ rewardOn: 'registered' });
    const { code } = await overviewOf(registeredPays.referrer, registeredPays.referral.id);
    await join(await newMember(testApp), code);
    expect(await balanceOf(registeredPays.card.id)).toBe(100n);

    const { referral, referrer, program } = await referralSetup();
    const friend = await newMember(testApp);
    await join(friend, (await overviewOf(referrer, referral.id)).code);
    const bill = await buyAtTill((await cardOfProgram(friend.userId, program.id)).number);
    const { key } = await createApiKey({ db: testApp.db, merchantId, name: 'Till void' });
    const voided = await callIntegration(testApp, 'POST', `/purchases/${bill.billNumber}/void`, { key, body: { reason: 'returned' } });
    expect([200, 201], voided.body).toContain(voided.statusCode);
    expect((await overviewOf(referrer, referral.id)).summary).toMatchObject({ registered: 1, purchased: 0 });
  });

  it('refuses the own code, an ended program, an unknown code and a member who signed up too long ago', async () => {
    const { referral, referrer } = await referralSetup();
    const { code } = await overviewOf(referrer, referral.id);
    expect(codeOf(await join(referrer, code))).toBe('REFERRAL_SELF');
    expect(codeOf(await join(await newMember(testApp), 'NOSUCHCODE'))).toBe('REFERRAL_NOT_FOUND');
    const late = await newMember(testApp);
    await testApp.db.update(users).set({ createdAt: new Date(testApp.clock.now().getTime() - 8 * DAY_MS) }).where(eq(users.id, late.userId));
    expect(codeOf(await join(late, code))).toBe('REFERRAL_TOO_LATE');
    await endReferralProgram({ db: testApp.db, merchantId, referralId: referral.id, now: testApp.clock.now() });
    testApp.clock.advance(1);
    expect(codeOf(await join(await newMember(testApp), code))).toBe('REFERRAL_ENDED');
  });

  it('welcomes one friend per browser: a second account joining on it is listed unavailable, and nothing is paid for it', async () => {
    const { referral, referrer } = await referralSetup({ rewardOn: 'registered' });
    const { code } = await overviewOf(referrer, referral.id);
    const deviceId = newDeviceId();
    expect(referralJoinAnswerSchema.parse((await join(await newMember(testApp), code, deviceId)).json()).data.friendReward).toBe(50);
    const again = referralJoinAnswerSchema.parse((await join(await newMember(testApp), code, deviceId)).json()).data;
    expect(again.friendReward).toBe(0);
    const { data } = await friendsOf(referrer, referral.id, '?state=unavailable');
    expect(data).toEqual([expect.objectContaining({ unavailableReason: 'device-used', commission: 0 })]);
    expect((await overviewOf(referrer, referral.id)).summary.commission).toBe(100);
  });

  it('takes the friend from other members who had invited the same phone', async () => {
    const { referral, referrer } = await referralSetup();
    const other = await newMember(testApp);
    await newCard(testApp, { merchantId, programId: referral.programId, owner: other });
    const phone = newPhone();
    await invite(other, referral.id, phone);
    // The friend signs up with that phone and joins through the first member's link.
    const { answer } = await passCode(testApp, phone, { deviceId: newDeviceId() });
    const active = await send(testApp, 'POST', '/api/auth/register-pin', { body: { pin: '271828' }, headers: { authorization: `Bearer ${answer.accessToken}` } });
    const token = (active.json() as { accessToken: string }).accessToken;
    expect((await join({ token }, (await overviewOf(referrer, referral.id)).code)).statusCode).toBe(200);
    expect((await friendsOf(other, referral.id)).data).toEqual([expect.objectContaining({ state: 'unavailable', unavailableReason: 'joined-another' })]);
  });
});

describe('friends moving on without the link', () => {
  it('registers an invited phone that signs up, and the sweep of every member pays within the daily cap, the rest on a later day', async () => {
    const { referral, referrer, card, program } = await referralSetup({ dailyRewardCap: 1 });
    const phones = [newPhone(), newPhone()];
    for (const phone of phones) await invite(referrer, referral.id, phone);
    testApp.clock.advance(1_000);
    for (const phone of phones) {
      const { answer } = await passCode(testApp, phone, { deviceId: newDeviceId() });
      await send(testApp, 'POST', '/api/auth/register-pin', { body: { pin: '271828' }, headers: { authorization: `Bearer ${answer.accessToken}` } });
    }
    const swept = await advanceReferrals({ db: testApp.db, now: testApp.clock.now() });
    expect(swept.registered).toBeGreaterThanOrEqual(2);
    expect((await overviewOf(referrer, referral.id)).summary).toMatchObject({ pending: 0, registered: 2 });

    // Both friends buy (a card of the program each, added by the merchant), on the same day.
    for (const phone of phones) {
      const [friend] = await testApp.db.select({ id: users.id }).from(users).where(and(eq(users.merchantId, merchantId), eq(users.phone, `+62${phone.slice(1)}`)));
      if (!friend) throw new Error('The friend was not found');
      const friendCard = await newCard(testApp, { merchantId, programId: program.id, owner: { userId: friend.id } });
      await buyAtTill(friendCard.number);
    }
    await advanceReferrals({ db: testApp.db, now: testApp.clock.now() });
    const today = await friendsOf(referrer, referral.id, '?state=purchased');
    expect(today.data.map((friend) => friend.commissionPending).sort()).toEqual([false, true]);
    expect(await balanceOf(card.id)).toBe(100n);

    testApp.clock.advance(DAY_MS + 1);
    await advanceReferrals({ db: testApp.db, now: testApp.clock.now() });
    expect((await overviewOf(referrer, referral.id)).summary).toMatchObject({ purchased: 2, commission: 200 });
    expect(await balanceOf(card.id)).toBe(200n);
  });
});

describe("the merchant's referral programs in the integration API", () => {
  it('makes one per card program, lists it with its status, and ends it, for the key’s merchant only', async () => {
    const { key } = await createApiKey({ db: testApp.db, merchantId, name: 'Back office' });
    const program = await newProgram(testApp, merchantId, { name: 'Senja Friends API' });
    const body = { programId: program.id, referrerReward: 100, friendReward: 50, dailyRewardCap: 5 };
    const made = await callIntegration(testApp, 'POST', '/referral-programs', { key, body });
    expect(made.statusCode, made.body).toBe(201);
    const created = (made.json() as { data: { id: string } }).data;
    expect(made.json()).toMatchObject({ data: { programId: program.id, referrerReward: 100, friendReward: 50, rewardOn: 'purchased', dailyRewardCap: 5, status: 'active', endsAt: null } });
    // A date no calendar has (year 0), or one out of any promotion's reach, is refused and nothing made.
    for (const startsAt of ['0000-02-29T22:56:28Z', '6048-02-29T23:38:02Z']) {
      const odd = await callIntegration(testApp, 'POST', '/referral-programs', { key, body: { ...body, programId: (await newProgram(testApp, merchantId)).id, startsAt } });
      expect([odd.statusCode, codeOf(odd)]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const second = await callIntegration(testApp, 'POST', '/referral-programs', { key, body });
    expect([second.statusCode, codeOf(second)]).toEqual([409, 'CONFLICT']);

    const listed = await callIntegration(testApp, 'GET', '/referral-programs', { key });
    expect((listed.json() as { data: { id: string }[] }).data.map((row) => row.id)).toContain(created.id);

    const lumina = await newProgram(testApp, await merchantIdOfLumina(), { name: 'Glow Friends' });
    expect((await callIntegration(testApp, 'POST', '/referral-programs', { key, body: { ...body, programId: lumina.id } })).statusCode).toBe(404);
    const { key: luminaKey } = await createApiKey({ db: testApp.db, merchantId: await merchantIdOfLumina(), name: 'Lumina back office' });
    expect((await callIntegration(testApp, 'POST', `/referral-programs/${created.id}/end`, { key: luminaKey, body: {} })).statusCode).toBe(404);

    const ended = await callIntegration(testApp, 'POST', `/referral-programs/${created.id}/end`, { key, body: {} });
    expect(ended.statusCode, ended.body).toBe(200);
    testApp.clock.advance(1);
    const after = await callIntegration(testApp, 'GET', '/referral-programs', { key });
    expect((after.json() as { data: { id: string; status: string }[] }).data.find((row) => row.id === created.id)?.status).toBe('ended');
  });
});

const merchantIdOfLumina = () => merchantIdOf(testApp.db, 'LUMINABEAUTY');
