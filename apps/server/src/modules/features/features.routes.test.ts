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
