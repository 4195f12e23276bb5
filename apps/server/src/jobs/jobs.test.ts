import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../modules/auth/users.table.ts';
import { issueCard } from '../modules/cards/cards.service.ts';
import { newMember } from '../test/members.ts';
import { newProgram } from '../modules/cards/cards.test-support.ts';
import { findCardRewards } from '../modules/cards/rewards.repository.ts';
import { programRewards } from '../modules/cards/rewards.table.ts';
import { getBalance } from '../modules/ledger/ledger.service.ts';

import { earn } from '../modules/ledger/points.service.ts';
import { type TestApp, useTestApp } from '../test/test-app.ts';
import { runJobOnce, type Job } from './job-runner.ts';
import { expireLotsOfEveryMerchant, serverJobs } from './jobs.ts';
import { DAY_MS } from '@kartu/core/calendar';

// Only the PostgreSQL server has advisory locks and more than one connection to hold them from.
const onPostgresServer = process.env.KARTU_TEST_DB === 'postgres';

let testApp: TestApp;
let merchantId: number;
const quietLog = { info: () => {}, error: () => {} };
useTestApp((made) => ({ testApp, merchantId } = made));

function serverJob(name: string): Job {
  const job = serverJobs.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`No job ${name}`);
  return job;
}

const run = (job: Job) => runJobOnce(job, { connection: testApp.connection, clock: testApp.clock, log: quietLog });

describe('background jobs', () => {
  it('expire-lots moves value past its expiry to the expiry account, once', async () => {
    const program = await newProgram(testApp, merchantId, { expiryPolicy: 'rolling-days', expiryDays: 30 });
    const card = await issueCard({ db: testApp.db, merchantId, programId: program.id });
    await earn({ db: testApp.db, merchantId, card, amount: 40n, now: testApp.clock.now() });
    const expiredAt = new Date(testApp.clock.now().getTime() + 31 * DAY_MS);

    expect(await run(serverJob('expire-lots'))).toBe('ran');
    expect(await getBalance({ db: testApp.db, card, now: testApp.clock.now() })).toBe(40n);
    expect(await expireLotsOfEveryMerchant({ db: testApp.db, now: expiredAt })).toBeGreaterThanOrEqual(1);
    expect(await expireLotsOfEveryMerchant({ db: testApp.db, now: expiredAt })).toBe(0);
    expect(await getBalance({ db: testApp.db, card, now: expiredAt })).toBe(0n);
  });

  it("birthday-rewards grants today's birthdays and is harmless to run again", async () => {
    const program = await newProgram(testApp, merchantId);
    await testApp.db.insert(programRewards).values({ merchantId, programId: program.id, kind: 'birthday', title: 'Birthday treat', amount: 20n });
    const member = await newMember(testApp);
    // The test clock reads 2026-01-15 10:00 in Jakarta.
    await testApp.db.update(users).set({ birthday: '1995-01-15' }).where(eq(users.id, member.userId));
    const card = await issueCard({ db: testApp.db, merchantId, programId: program.id, ownerUserId: member.userId });

    expect(await run(serverJob('birthday-rewards'))).toBe('ran');
    expect(await run(serverJob('birthday-rewards'))).toBe('ran');
    expect((await findCardRewards(testApp.db, { merchantId, cardId: card.id })).map((reward) => [reward.title, reward.grantKey])).toEqual([['Birthday treat', 'birthday:2026']]);
  });

  it('reports a failing job as failed instead of throwing', async () => {
    const failing: Job = {
      name: 'failing',
      intervalMs: 1000,
      run: async () => {
        throw new Error('broken');
      },
    };
    const errors: unknown[] = [];
    const outcome = await runJobOnce(failing, { connection: testApp.connection, clock: testApp.clock, log: { info: () => {}, error: (details) => errors.push(details) } });
    expect(outcome).toBe('failed');
    expect(errors).toHaveLength(1);
  });

  it.skipIf(!onPostgresServer)('skips a job while another instance holds its lock', async () => {
    if (testApp.connection.kind !== 'postgres') throw new Error('This test needs the PostgreSQL server');
    const otherInstance = await testApp.connection.pool.connect();
    let runs = 0;
    const job: Job = { name: 'locked-elsewhere', intervalMs: 1000, run: async () => void (runs += 1) };
    try {
      await otherInstance.query('begin');
      await otherInstance.query('select pg_advisory_xact_lock(hashtext($1))', [job.name]);
      expect(await run(job)).toBe('skipped');
      await otherInstance.query('commit');
      expect(await run(job)).toBe('ran');
      expect(runs).toBe(1);
    } finally {
      otherInstance.release();
    }
  });
});
