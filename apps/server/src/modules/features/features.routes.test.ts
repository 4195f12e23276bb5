import { describe, expect, it } from 'vitest';
import { featureEligibilitiesSchema, featureKeys, type FeatureEligibility } from '@kartu/contracts';
import { newMember, type TestMember } from '../../test/members.ts';
import { merchantIdOf, useTestApp, type TestApp } from '../../test/test-app.ts';
import { newCard, newProgram, send } from '../cards/cards.test-support.ts';
import { earn } from '../ledger/points.service.ts';
import { lockFeature, unlockFeature } from './features.service.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const levels = [
  { name: 'Bronze', rank: 1, experience: 0n },
  { name: 'Silver', rank: 2, experience: 500n },
  { name: 'Gold', rank: 3, experience: 2_000n },
];

async function eligibilitiesOf(member: TestMember, host?: string): Promise<FeatureEligibility[]> {
  const response = await send(testApp, 'GET', '/api/users/feature-eligibilities', { member, ...(host ? { host } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return featureEligibilitiesSchema.parse(response.json()).data;
}

const standingOf = (list: FeatureEligibility[], feature: string) => list.find((item) => item.feature === feature);

describe('feature eligibilities', () => {
  it('lists every feature open while the merchant locks none', async () => {
    const member = await newMember(testApp, { host: 'v2.localhost' });
    const list = await eligibilitiesOf(member, 'v2.localhost');
    expect(list.map((item) => item.feature)).toEqual([...featureKeys]);
    expect(list.every((item) => !item.isLocked && item.unlock === null)).toBe(true);
  });

  it('locks a closed feature for every member, and opens it again when the merchant unlocks it', async () => {
    const member = await newMember(testApp);
    await lockFeature({ db: testApp.db, merchantId, feature: 'referral', now: testApp.clock.now() });
    expect(standingOf(await eligibilitiesOf(member), 'referral')).toEqual({ feature: 'referral', isLocked: true, unlock: { kind: 'closed' } });
    expect(await unlockFeature({ db: testApp.db, merchantId, feature: 'referral' })).toBe(true);
    expect(standingOf(await eligibilitiesOf(member), 'referral')?.isLocked).toBe(false);
    expect(await unlockFeature({ db: testApp.db, merchantId, feature: 'referral' })).toBe(false);
  });

  it('opens a level lock once an active card of the program holds that level, naming the card to show until then', async () => {
    const program = await newProgram(testApp, merchantId, { name: 'Senja Rewards' }, levels);
    await lockFeature({ db: testApp.db, merchantId, feature: 'transfer-point', level: { programId: program.id, rank: 2 }, now: testApp.clock.now() });

    const stranger = await newMember(testApp);
    expect(standingOf(await eligibilitiesOf(stranger), 'transfer-point')).toEqual({
      feature: 'transfer-point',
      isLocked: true,
      unlock: { kind: 'level', programId: program.id, programName: 'Senja Rewards', levelName: 'Silver', cardId: null },
    });

    const member = await newMember(testApp);
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card, amount: 499n });
    expect(standingOf(await eligibilitiesOf(member), 'transfer-point')).toMatchObject({ isLocked: true, unlock: { kind: 'level', cardId: card.id } });

    await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card, amount: 1n });
    expect(standingOf(await eligibilitiesOf(member), 'transfer-point')).toEqual({ feature: 'transfer-point', isLocked: false, unlock: null });
    // Other features stay open, and the member's level opens nothing for another member.
    expect(standingOf(await eligibilitiesOf(member), 'catalog')?.isLocked).toBe(false);
    expect(standingOf(await eligibilitiesOf(stranger), 'transfer-point')?.isLocked).toBe(true);
  });

  it('keeps a lock at its merchant: another merchant’s members see the feature open', async () => {
    await lockFeature({ db: testApp.db, merchantId, feature: 'scan-qris', now: testApp.clock.now() });
    const elsewhere = await newMember(testApp, { host: 'v2.localhost' });
    expect(standingOf(await eligibilitiesOf(elsewhere, 'v2.localhost'), 'scan-qris')?.isLocked).toBe(false);
  });

  it('refuses a level lock on another merchant’s program or on a level the program does not have', async () => {
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    const theirs = await newProgram(testApp, lumina, {}, levels);
    const ours = await newProgram(testApp, merchantId, {}, levels);
    const now = testApp.clock.now();
    await expect(lockFeature({ db: testApp.db, merchantId, feature: 'catalog', level: { programId: theirs.id, rank: 1 }, now })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(lockFeature({ db: testApp.db, merchantId, feature: 'catalog', level: { programId: ours.id, rank: 9 }, now })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(lockFeature({ db: testApp.db, merchantId, feature: 'catalog', level: { programId: 'not-a-program', rank: 1 }, now })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('needs a session', async () => {
    const response = await send(testApp, 'GET', '/api/users/feature-eligibilities', {});
    expect(response.statusCode).toBe(401);
  });
});

describe('a locked feature on the server', () => {
  const refusal = (response: { statusCode: number; json: () => { code?: string } }) => [response.statusCode, response.json().code];
  const idempotent = { 'idempotency-key': 'feature-lock-test-0001' };

  it('refuses the actions of a level-locked feature until the member reaches the level, whatever the client sends', async () => {
    const program = await newProgram(testApp, merchantId, {}, levels);
    await lockFeature({ db: testApp.db, merchantId, feature: 'transfer-point', level: { programId: program.id, rank: 2 }, now: testApp.clock.now() });
    const member = await newMember(testApp);
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    const recipient = { phone: '081299990000', countryCode: '62' };
    const preview = () => send(testApp, 'POST', `/api/v2/cards/${card.id}/transfer/preview`, { member, body: recipient });
    const transfer = () => send(testApp, 'POST', `/api/v2/cards/${card.id}/transfer`, { member, body: { ...recipient, amount: 10, pin: '123456' }, headers: idempotent });
    expect(refusal(await preview())).toEqual([403, 'FEATURE_LOCKED']);
    expect(refusal(await transfer())).toEqual([403, 'FEATURE_LOCKED']);

    await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card, amount: 500n });
    // Open now: the request goes on to the transfer's own checks (nobody holds that phone's card).
    expect(refusal(await preview())).toEqual([404, 'RECIPIENT_NOT_FOUND']);
  });

  it('refuses checkout, gifting and subscribing while the merchant keeps them closed, and only at that merchant', async () => {
    const now = testApp.clock.now();
    for (const feature of ['catalog', 'egift', 'subscription'] as const) await lockFeature({ db: testApp.db, merchantId, feature, now });
    const member = await newMember(testApp);
    const cardId = 'a'.repeat(24);
    const items = [{ productId: 'b'.repeat(24), quantity: 1 }];
    expect(refusal(await send(testApp, 'POST', `/api/v2/cards/${cardId}/checkout/quote`, { member, body: { items } }))).toEqual([403, 'FEATURE_LOCKED']);
    expect(refusal(await send(testApp, 'POST', `/api/v2/cards/${cardId}/orders`, { member, body: { items }, headers: idempotent }))).toEqual([403, 'FEATURE_LOCKED']);
    expect(refusal(await send(testApp, 'POST', `/api/v2/vouchers/${cardId}/gifts`, { member, body: { recipientPhone: '081299990000' }, headers: idempotent }))).toEqual([403, 'FEATURE_LOCKED']);
    const subscribe = { cardId, planId: 'c'.repeat(24), transactionType: 'subscriptionNew', paymentMethod: 'virtual_account' };
    expect(refusal(await send(testApp, 'POST', '/api/v2/cards/subscriptions', { member, body: subscribe, headers: idempotent }))).toEqual([403, 'FEATURE_LOCKED']);

    const elsewhere = await newMember(testApp, { host: 'v2.localhost' });
    const quote = await send(testApp, 'POST', `/api/v2/cards/${cardId}/checkout/quote`, { member: elsewhere, host: 'v2.localhost', body: { items } });
    expect(refusal(quote)).toEqual([404, 'CARD_NOT_FOUND']);
    for (const feature of ['catalog', 'egift', 'subscription'] as const) await unlockFeature({ db: testApp.db, merchantId, feature });
    expect(refusal(await send(testApp, 'POST', `/api/v2/cards/${cardId}/checkout/quote`, { member, body: { items } }))).toEqual([404, 'CARD_NOT_FOUND']);
  });
});
