import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushPayloadSchema, pushPublicKeySchema, pushSubscriptionAnswerSchema, siteStateSchema, type InboxFacts } from '@kartu/contracts';
import { newMember, type TestMember } from '../../test/members.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { users } from '../auth/users.table.ts';
import { send } from '../cards/cards.test-support.ts';
import { leaveMessage } from '../inbox/inbox.service.ts';
import { runDueJobs } from '../jobs/job-worker.ts';
import { jobs } from '../jobs/jobs.table.ts';
import { outboxMessages } from '../outbox/outbox-messages.table.ts';
import { selectOutboxDrivers } from '../outbox/outbox.drivers.ts';
import { deliveryJob, sealKeyFor } from '../outbox/outbox.service.ts';
import { newVapidKeyPair, vapidKeysFor } from './push.keys.ts';
import { pushSubscriptions } from './push.table.ts';
import { browserKeys, decryptPush, startPushService, subscriptionOf, vapidClaimsOf, type BrowserKeys, type TestPushService } from './push.test-support.ts';

/*
 * A push from an inbox message to the browser, end to end: the member registers a browser whose
 * push service is a local HTTPS server with a certificate made here, a message is left, and the
 * outbox's delivery job sends it through the Web Push driver. The push service reads what a
 * browser's would: the VAPID token, and the body only the browser's keys decrypt.
 */

const vapidPair = newVapidKeyPair();
const vapidSubject = 'mailto:push@kopisenja.example';
let testApp: TestApp;
let merchantId: number;
let pushService: TestPushService;

beforeAll(async () => {
  testApp = await createTestApp({ env: { VAPID_PUBLIC_KEY: vapidPair.publicKey, VAPID_PRIVATE_KEY: vapidPair.privateKey, VAPID_SUBJECT: vapidSubject } });
  merchantId = await merchantIdOf(testApp.db);
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
  await testApp?.close();
});

/** One round of a worker that delivers messages, pushes through the Web Push driver trusting the test's push service. */
async function deliverDue() {
  const vapid = vapidKeysFor(testApp.env);
  const drivers = selectOutboxDrivers({}, { db: testApp.db, clock: testApp.clock, vapid, agent: pushService.agent });
  return runDueJobs({ db: testApp.db, clock: testApp.clock, log: { info: () => {}, error: () => {} }, handlers: [deliveryJob({ drivers, sealKey: sealKeyFor(testApp.env.CODE_SECRET ?? '') })] });
}

async function register(member: TestMember, endpoint: string, keys: BrowserKeys): Promise<string> {
  const response = await send(testApp, 'POST', '/api/push/subscriptions', { member, body: subscriptionOf(endpoint, keys) });
  expect(response.statusCode, response.body).toBe(200);
  return pushSubscriptionAnswerSchema.parse(response.json()).data.id;
}

async function leave(member: TestMember, facts: InboxFacts) {
  return testApp.db.transaction((tx) => leaveMessage(tx, { merchantId, userId: member.userId, cardId: null, facts, link: '/cards', now: testApp.clock.now() }));
}

async function pushesTo(subscriptionId: string) {
  return testApp.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, subscriptionId));
}

const goldReached: InboxFacts = { kind: 'level_reached', levelName: 'Gold', programName: 'Kopi Senja Rewards' };

describe('a push from an inbox message to the browser', () => {
  it('encrypts the worded message to the browser and signs it with the server’s VAPID key', async () => {
    const member = await newMember(testApp);
    await testApp.db.update(users).set({ language: 'ja' }).where(eq(users.id, member.userId));
    const publicKey = await send(testApp, 'GET', '/api/push/public-key', { member });
    expect(pushPublicKeySchema.parse(publicKey.json()).data.publicKey).toBe(vapidPair.publicKey);
    const keys = browserKeys();
    const subscriptionId = await register(member, pushService.endpoint('rani-phone'), keys);

    const message = await leave(member, goldReached);
    expect(await deliverDue()).toMatchObject({ failed: 0 });

    const received = pushService.received.filter((push) => push.path === '/push/rani-phone');
    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push?.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400' });
    const payload = pushPayloadSchema.parse(JSON.parse(decryptPush(push?.body ?? Buffer.alloc(0), keys)));
    expect(payload).toEqual({
      title: 'Goldに到達しました',
      body: 'Kopi Senja RewardsカードがGoldになりました。このレベルの特典をご確認ください。',
      // The merchant's icon, as the app shows it.
      icon: siteStateSchema.parse((await send(testApp, 'GET', '/api/site')).json()).merchant.iconUrl,
      extras: { queryString: { routeName: 'notifications' }, kind: 'LevelUpModalMessage', messageId: message?.id, link: '/cards' },
    });

    const { publicKey: signer, header, claims } = vapidClaimsOf(push?.headers.authorization);
    expect(signer).toBe(vapidPair.publicKey);
    expect(header).toMatchObject({ typ: 'JWT', alg: 'ES256' });
    expect(claims).toMatchObject({ aud: pushService.origin, sub: vapidSubject });
    const expiresIn = Number(claims.exp) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(24 * 60 * 60);

    expect(await pushesTo(subscriptionId)).toEqual([expect.objectContaining({ channel: 'push', status: 'sent', attempts: 1, subject: 'Goldに到達しました', language: 'ja' })]);
    const [subscription] = await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    expect(subscription?.lastSuccessAt).toEqual(testApp.clock.now());
  });

  it('removes the subscription and gives up when the push service no longer knows the browser (410)', async () => {
    const member = await newMember(testApp);
    const subscriptionId = await register(member, pushService.endpoint('gone'), browserKeys());
    pushService.answerWith(410);
    try {
      await leave(member, goldReached);
      expect(await deliverDue()).toEqual({ claimed: 1, failed: 1 });
    } finally {
      pushService.answerWith(201);
    }
    const [pushed] = await pushesTo(subscriptionId);
    expect(pushed).toMatchObject({ status: 'failed', lastError: 'The push service answered 410: the browser is no longer subscribed' });
    expect(await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))).toEqual([]);
    const [job] = await testApp.db.select().from(jobs).where(eq(jobs.key, `outbox:${pushed?.id}`));
    expect(job?.status).toBe('dead');

    // The browser is gone: the member's next message pushes nothing.
    await leave(member, goldReached);
    expect(await pushesTo(subscriptionId)).toHaveLength(1);
  });

  it('tries again later when the push service fails for now', async () => {
    const member = await newMember(testApp);
    const subscriptionId = await register(member, pushService.endpoint('busy'), browserKeys());
    pushService.answerWith(503);
    try {
      await leave(member, goldReached);
      expect(await deliverDue()).toEqual({ claimed: 1, failed: 1 });
    } finally {
      pushService.answerWith(201);
    }
    const [pushed] = await pushesTo(subscriptionId);
    expect(pushed).toMatchObject({ status: 'queued', attempts: 1, lastError: 'The push service answered 503' });
    const [job] = await testApp.db.select().from(jobs).where(eq(jobs.key, `outbox:${pushed?.id}`));
    expect(job).toMatchObject({ status: 'queued', runAt: new Date(testApp.clock.now().getTime() + 10_000) });
    expect(await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))).toHaveLength(1);

    testApp.clock.advance(10_000);
    expect(await deliverDue()).toMatchObject({ failed: 0 });
    expect(await pushesTo(subscriptionId)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, lastError: null })]);
    expect(pushService.received.filter((push) => push.path === '/push/busy')).toHaveLength(2);
  });
});
