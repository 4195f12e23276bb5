import { secretsFor } from '../http/app-secrets.ts';
import { eq, inArray } from 'drizzle-orm';
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
import { runDueJobs, scheduleRecurringJobs, type JobHandler } from '../modules/jobs/job-worker.ts';
import { enqueueJob } from '../modules/jobs/jobs.service.ts';
import { jobs } from '../modules/jobs/jobs.table.ts';
import { selectOutboxDrivers } from '../modules/outbox/outbox.drivers.ts';
import { paymentsContextFor } from '../modules/payments/payments.context.ts';
import { expireLotsOfEveryMerchant } from '../modules/ledger/expiry.service.ts';
import { serverJobHandlers, serverRecurringJobs } from './jobs.ts';
import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';
import { sandboxBiller } from '../modules/bills/billers/sandbox.biller.ts';

let testApp: TestApp;
let merchantId: number;
const quietLog = { info: () => {}, error: () => {} };
useTestApp((made) => ({ testApp, merchantId } = made));

/** Queues the server's recurring jobs for the period of the test clock, and runs what is due. */
async function runServerJobs(names: string[]) {
  const recurring = serverRecurringJobs.filter((job) => names.includes(job.name));
  await scheduleRecurringJobs({ db: testApp.db, recurring, now: testApp.clock.now() });
  return runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: serverJobHandlers({ drivers: selectOutboxDrivers({}), ...secretsFor(testApp.env.CODE_SECRET), payments: paymentsContextFor({ production: false, sandboxSecret: 'x'.repeat(32), effects: {} }), biller: sandboxBiller() }).filter((handler) => names.includes(handler.name)) });
}

describe('background jobs', () => {
  it('expire-lots moves value past its expiry to the expiry account, once', async () => {
    const program = await newProgram(testApp, merchantId, { expiryPolicy: 'rolling-days', expiryDays: 30 });
    const card = await issueCard({ db: testApp.db, merchantId, programId: program.id });
    await earn({ db: testApp.db, merchantId, card, amount: 40n, now: testApp.clock.now() });
    const expiredAt = new Date(testApp.clock.now().getTime() + 31 * DAY_MS);

    expect(await runServerJobs(['expire-lots'])).toEqual({ claimed: 1, failed: 0 });
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

    expect(await runServerJobs(['birthday-rewards'])).toEqual({ claimed: 1, failed: 0 });
    // The next period's run grants nothing more.
    testApp.clock.advance(6 * HOUR_MS);
    expect(await runServerJobs(['birthday-rewards'])).toEqual({ claimed: 1, failed: 0 });
    expect((await findCardRewards(testApp.db, { merchantId, cardId: card.id })).map((reward) => [reward.title, reward.grantKey])).toEqual([['Birthday treat', 'birthday:2026']]);
  });

  it('reports a failing job as failed, logged, instead of throwing', async () => {
    const failing: JobHandler = {
      name: 'failing',
      run: async () => {
        throw new Error('broken');
      },
    };
    await enqueueJob({ db: testApp.db, name: 'failing', runAt: testApp.clock.now(), now: testApp.clock.now() });
    const errors: unknown[] = [];
    const outcome = await runDueJobs({ db: testApp.db, clock: testApp.clock, log: { info: () => {}, error: (details) => errors.push(details) }, handlers: [failing] });
    expect(outcome).toEqual({ claimed: 1, failed: 1 });
    expect(errors).toHaveLength(1);
  });

  it('forgets jobs a week after they finished, and keeps dead ones', async () => {
    const now = testApp.clock.now();
    const old = new Date(now.getTime() - 8 * DAY_MS);
    const [done, dead] = await testApp.db
      .insert(jobs)
      .values([
        { name: 'old-done', runAt: old, status: 'done', maxAttempts: 1, attempts: 1, createdAt: old, finishedAt: old },
        { name: 'old-dead', runAt: old, status: 'dead', maxAttempts: 1, attempts: 1, createdAt: old, finishedAt: old },
      ])
      .returning({ id: jobs.id });
    await runServerJobs(['purge-jobs']);
    const left = await testApp.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, [done?.id ?? 0n, dead?.id ?? 0n]));
    expect(left).toEqual([{ id: dead?.id }]);
  });
});
