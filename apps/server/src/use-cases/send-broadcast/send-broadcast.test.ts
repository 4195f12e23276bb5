import type { JobDependencies } from '../../http/area.ts';
import { browserKeys, fakeEndpoint, subscriptionOf } from '../../modules/push/push.test-support.ts';
import { upsertSubscription } from '../../modules/push/push.repository.ts';
import { outboxMessages } from '../../modules/outbox/outbox-messages.table.ts';
import { sendBroadcastArea } from './send-broadcast.area.ts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newProgram } from '../../modules/cards/cards.test-support.ts';
import { createBroadcast } from '../../modules/inbox/broadcasts.service.ts';
import { broadcasts, type BroadcastRow } from '../../modules/inbox/broadcasts.table.ts';
import { inboxMessages } from '../../modules/inbox/inbox.table.ts';
import { runDueJobs } from '../../modules/jobs/job-worker.ts';
import { jobs } from '../../modules/jobs/jobs.table.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { sendBroadcastJob, sendBroadcastPage } from './send-broadcast.ts';
import { bulkMembers, merchantOfItsOwn, onceEach, quietLog, recipientsOf, runBroadcastJobs, type BulkMember } from './send-broadcast.test-support.ts';

// How the job writes a broadcast: page by page, each page once, resuming where a stopped worker left off.

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));

let merchantId: number;
let programId: string;
beforeAll(async () => {
  ({ merchantId } = await merchantOfItsOwn(testApp));
  programId = (await newProgram(testApp, merchantId)).id;
});

// Each test starts with no broadcast job due: those left by the one before are run out first.
beforeEach(async () => {
  testApp.clock.advance(31_000);
  await runBroadcastJobs(testApp, sendBroadcastJob({ pageSize: 1_000, runMs: 0 }));
});

/** A broadcast to these members by phone, queued as the API queues one. */
async function broadcastTo(members: BulkMember[]): Promise<BroadcastRow> {
  return testApp.db.transaction((tx) =>
    createBroadcast({ tx, merchantId, audience: { kind: 'phones', phones: members.map((member) => member.phone) }, title: 'Senayan opens', text: 'Our new outlet opens on Saturday.', now: testApp.clock.now() }),
  );
}

const stateOf = async (id: string) => (await testApp.db.select().from(broadcasts).where(eq(broadcasts.id, id)))[0];
const pageJobsOf = async (id: string) => (await testApp.db.select().from(jobs).where(eq(jobs.name, 'send-broadcast'))).filter((job) => job.payload.broadcastId === id);
const page = () => ({ pageSize: 2, now: testApp.clock.now(), nextPageAt: testApp.clock.now() });

describe('the send-broadcast job', () => {
  it('writes a page in one transaction with its cursor and count, and queues the next page there', async () => {
    const members = await bulkMembers(testApp, { merchantId, programId, count: 5 });
    const broadcast = await broadcastTo(members);
    const first = await sendBroadcastPage(testApp.db, { ...page(), broadcastId: broadcast.id, after: null });
    expect(first?.messages).toHaveLength(2);
    const sorted = members.map((member) => member.userId).sort();
    expect(await stateOf(broadcast.id)).toMatchObject({ status: 'sending', sent: 2, cursor: sorted[1], finishedAt: null });
    expect((await pageJobsOf(broadcast.id)).map((job) => job.payload.after).sort()).toEqual([null, sorted[1]].sort());
  });

  it('writes nothing twice when a page runs again: its job finds the page written, and a page written again from an older cursor skips who has the message', async () => {
    const members = await bulkMembers(testApp, { merchantId, programId, count: 3 });
    const broadcast = await broadcastTo(members);
    await sendBroadcastPage(testApp.db, { ...page(), broadcastId: broadcast.id, after: null });
    // The first page's job again, as after a worker died before marking it done.
    expect(await sendBroadcastPage(testApp.db, { ...page(), broadcastId: broadcast.id, after: null })).toBeUndefined();
    expect(await stateOf(broadcast.id)).toMatchObject({ sent: 2 });
    // The cursor taken back to the start: the page is written again, and nobody gets a second message.
    await testApp.db.update(broadcasts).set({ cursor: null }).where(eq(broadcasts.id, broadcast.id));
    const again = await sendBroadcastPage(testApp.db, { ...page(), broadcastId: broadcast.id, after: null });
    expect(again?.messages).toEqual([]);
    await runBroadcastJobs(testApp);
    expect(await recipientsOf(testApp, broadcast.id)).toEqual(onceEach(members));
    expect(await stateOf(broadcast.id)).toMatchObject({ status: 'done', sent: 3 });
  });

  it('resumes after the last committed page when its worker stops midway, and when a page fails before committing', async () => {
    const members = await bulkMembers(testApp, { merchantId, programId, count: 7 });
    const broadcast = await broadcastTo(members);
    const onePageARun = sendBroadcastJob({ pageSize: 2, runMs: 0 });
    // The first worker writes one page and stops.
    await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [onePageARun] });
    expect(await stateOf(broadcast.id)).toMatchObject({ status: 'sending', sent: 2 });

    // The second page fails before its commit (the instance dies): nothing of it stays.
    await testApp.db.execute(sql`create function test_refuse_page() returns trigger language plpgsql as $$ begin raise exception 'the instance died'; end $$`);
    await testApp.db.execute(sql`create trigger test_refuse_page before update on broadcasts for each row execute function test_refuse_page()`);
    try {
      expect(await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [onePageARun] })).toEqual({ claimed: 1, failed: 1 });
    } finally {
      await testApp.db.execute(sql`drop trigger test_refuse_page on broadcasts`);
      await testApp.db.execute(sql`drop function test_refuse_page()`);
    }
    expect(await stateOf(broadcast.id)).toMatchObject({ sent: 2 });
    expect(await testApp.db.select().from(inboxMessages).where(eq(inboxMessages.broadcastId, broadcast.id))).toHaveLength(2);

    // A new worker, once the failed page's retry is due, goes on from the committed cursor.
    testApp.clock.advance(60_000);
    await runBroadcastJobs(testApp, sendBroadcastJob({ pageSize: 2, runMs: 0 }));
    expect(await recipientsOf(testApp, broadcast.id)).toEqual(onceEach(members));
    expect(await stateOf(broadcast.id)).toMatchObject({ status: 'done', sent: 7 });
  });

  it('goes on from page to page in one run, and the page jobs it left behind do nothing when they come due', async () => {
    const members = await bulkMembers(testApp, { merchantId, programId, count: 5 });
    const broadcast = await broadcastTo(members);
    const longRuns = sendBroadcastJob({ pageSize: 2, runMs: 60_000 });
    expect(await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [longRuns] })).toMatchObject({ claimed: 1 });
    expect(await stateOf(broadcast.id)).toMatchObject({ status: 'done', sent: 5 });
    // The jobs of the pages the run wrote itself come due later, to take over from a run that died.
    const leftBehind = (await pageJobsOf(broadcast.id)).filter((job) => job.status === 'queued');
    expect(leftBehind.length).toBeGreaterThan(0);
    testApp.clock.advance(31_000);
    await runBroadcastJobs(testApp, longRuns);
    expect((await pageJobsOf(broadcast.id)).every((job) => job.status === 'done')).toBe(true);
    expect(await recipientsOf(testApp, broadcast.id)).toEqual(onceEach(members));
    expect(await stateOf(broadcast.id)).toMatchObject({ sent: 5 });
  });

  it("hands each page's new messages to tellPage in the page's transaction: when telling fails, the page is not written", async () => {
    const members = await bulkMembers(testApp, { merchantId, programId, count: 3 });
    const broadcast = await broadcastTo(members);
    const told: string[][] = [];
    const failing = sendBroadcastJob({ pageSize: 2, runMs: 0, tellPage: async () => Promise.reject(new Error('push is down')) });
    expect(await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [failing] })).toEqual({ claimed: 1, failed: 1 });
    expect(await stateOf(broadcast.id)).toMatchObject({ status: 'queued', sent: 0 });
    testApp.clock.advance(60_000);
    await runBroadcastJobs(testApp, sendBroadcastJob({ pageSize: 2, runMs: 0, tellPage: async (_tx, written) => void told.push(written.messages.map((message) => message.userId)) }));
    expect(told.flat().sort()).toEqual(members.map((member) => member.userId).sort());
    expect(told.map((userIds) => userIds.length)).toEqual([2, 1]);
  });

  it("queues a push to each browser of the page's members, with the area's job", async () => {
    const members = await bulkMembers(testApp, { merchantId, programId, count: 3 });
    const [withBrowser] = members;
    const keys = browserKeys();
    const subscription = subscriptionOf(fakeEndpoint(), keys);
    await upsertSubscription(testApp.db, { merchantId, userId: withBrowser?.userId ?? '', endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, userAgent: null, now: testApp.clock.now() });
    const broadcast = await broadcastTo(members);
    const [areaJob] = sendBroadcastArea.jobs?.({} as JobDependencies) ?? [];
    await runBroadcastJobs(testApp, areaJob);
    expect(await recipientsOf(testApp, broadcast.id)).toEqual(onceEach(members));
    const pushes = await testApp.db.select({ recipient: outboxMessages.recipient, body: outboxMessages.body }).from(outboxMessages).where(and(eq(outboxMessages.merchantId, merchantId), eq(outboxMessages.channel, 'push')));
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0]?.body ?? '{}')).toMatchObject({ title: expect.any(String), body: expect.any(String) });
  });

  it('writes each member once when two workers run the same page at the same moment', async () => {
    const members = await bulkMembers(testApp, { merchantId, programId, count: 4 });
    const broadcast = await broadcastTo(members);
    const run = () => sendBroadcastPage(testApp.db, { ...page(), broadcastId: broadcast.id, after: null });
    const outcomes = await Promise.all([run(), run()]);
    expect(outcomes.filter((outcome) => outcome !== undefined)).toHaveLength(1);
    await runBroadcastJobs(testApp);
    expect(await recipientsOf(testApp, broadcast.id)).toEqual(onceEach(members));
  });
});
