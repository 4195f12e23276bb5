import { describe, expect, it } from 'vitest';
import { errorBodySchema, referralOverviewAnswerSchema } from '@kartu/contracts';
import { newDeviceId, newPhone } from '../../modules/auth/auth.test-support.ts';
import { newCard, newProgram, send } from '../../modules/cards/cards.test-support.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { createReferralProgram } from '../../modules/referrals/referrals.service.ts';
import { newMember } from '../../test/members.ts';
import { isPostgresServerRun, useTestApp, type TestApp } from '../../test/test-app.ts';
import { advanceReferrals } from './referral-progress.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made), { onlyOnPostgresServer: true });

describe('referrals under concurrency', () => {
  it.skipIf(!isPostgresServerRun)('lets a member join once of 20 joins at the same moment, and pays the commission once however many sweeps run', async () => {
    const program = await newProgram(testApp, merchantId, { name: `Race ${newPhone().slice(-4)}`, expiryPolicy: 'none', expiryDays: null });
    const now = testApp.clock.now();
    const referral = await createReferralProgram({ db: testApp.db, merchantId, programId: program.id, referrerReward: 100n, friendReward: 50n, rewardOn: 'registered', dailyRewardCap: 10, startsAt: now, endsAt: null, now });
    const referrer = await newMember(testApp, { name: 'Rani Saputra' });
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: referrer });
    const { code } = referralOverviewAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/referrals/${referral.id}`, { member: referrer })).json()).data;

    const friend = await newMember(testApp);
    const deviceId = newDeviceId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(testApp, 'POST', '/api/v2/referrals/join', { member: friend, body: { code }, headers: { 'x-device-id': deviceId } })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) expect(errorBodySchema.parse(refused.json()).code).toBe('REFERRAL_ALREADY_JOINED');

    await Promise.all(Array.from({ length: 10 }, () => advanceReferrals({ db: testApp.db, scope: { referralProgramId: referral.id }, now: testApp.clock.now() })));
    expect(await getBalance({ db: testApp.db, card, now: testApp.clock.now() })).toBe(100n);
  });
});
