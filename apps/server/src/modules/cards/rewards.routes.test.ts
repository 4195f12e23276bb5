import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardDetailSchema, claimRewardAnswerSchema, errorBodySchema, rewardListAnswerSchema } from '@kartu/contracts';
import { demoProgramIds } from '../../seed/seed-cards.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { ledgerInvariantViolations, noViolations } from '../ledger/ledger.test-support.ts';
import { listEntries } from '../ledger/history.service.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { newCard, send } from './cards.test-support.ts';
import { grantProgramReward } from './rewards.service.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

/** A Kopi Senja Rewards card in the member's wallet with its 50-point welcome reward to claim. */
async function cardWithWelcomeReward(member: TestMember) {
  const card = await newCard(testApp, { merchantId, programId: demoProgramIds.kopiSenjaRewards, owner: member });
  const reward = await grantProgramReward({ db: testApp.db, card, kind: 'welcome', now: testApp.clock.now() });
  if (!reward) throw new Error('The demo program has no welcome reward');
  return { card, reward };
}

const claim = (member: TestMember, rewardId: string) => send(testApp, 'POST', '/api/my_vouchers/claim', { member, body: { rewardId } });

describe('rewards', () => {
  it('claims a reward into the balance once, as an earn from that reward', async () => {
    const member = await newMember(testApp);
    const { card, reward } = await cardWithWelcomeReward(member);
    expect(cardDetailSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${card.id}`, { member })).json()).claimableRewards).toBe(1);

    const claimed = await claim(member, reward.id);
    expect(claimed.statusCode).toBe(200);
    expect(claimRewardAnswerSchema.parse(claimed.json())).toEqual({
      reward: { id: reward.id, kind: 'welcome', title: 'Welcome bonus', amount: 50, unit: 'POINT', withVoucher: false, status: 'claimed', grantedAt: reward.grantedAt.toISOString(), claimedAt: testApp.clock.now().toISOString() },
      balance: { amount: 50, unit: 'POINT' },
    });
    const again = await claim(member, reward.id);
    expect([again.statusCode, errorBodySchema.parse(again.json()).code]).toEqual([409, 'REWARD_ALREADY_CLAIMED']);

    const { items } = await listEntries({ db: testApp.db, card });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'earn', amount: 50n, description: 'Welcome bonus' });
    const rewards = rewardListAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${card.id}/rewards`, { member })).json()).data;
    expect(rewards.map((row) => row.status)).toEqual(['claimed']);
  });

  it('lets exactly one of two racing claims through', async () => {
    const member = await newMember(testApp);
    const { card, reward } = await cardWithWelcomeReward(member);
    const answers = await Promise.all([claim(member, reward.id), claim(member, reward.id), claim(member, reward.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const detail = cardDetailSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${card.id}`, { member })).json());
    expect(detail.balance.amount).toBe(50);
    expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  });

  it("answers 404 for another member's reward and card, and for an unknown reward", async () => {
    const owner = await newMember(testApp);
    const other = await newMember(testApp);
    const { card, reward } = await cardWithWelcomeReward(owner);
    const foreignClaim = await claim(other, reward.id);
    expect([foreignClaim.statusCode, errorBodySchema.parse(foreignClaim.json()).code]).toEqual([404, 'NOT_FOUND']);
    const foreignList = await send(testApp, 'GET', `/api/v2/cards/${card.id}/rewards`, { member: other });
    expect([foreignList.statusCode, errorBodySchema.parse(foreignList.json()).code]).toEqual([404, 'CARD_NOT_FOUND']);
    expect((await claim(owner, randomUUID())).statusCode).toBe(404);
    // The owner can still claim it.
    expect((await claim(owner, reward.id)).statusCode).toBe(200);
  });
});
