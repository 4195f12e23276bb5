import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  errorBodySchema,
  pushPayloadSchema,
  pushPublicKeySchema,
  pushRouteAnswerSchema,
  pushSettingKinds,
  pushSettingsSchema,
  pushSubscriptionAnswerSchema,
  type InboxFacts,
  type PushSubscriptionBody,
} from '@kartu/contracts';
import { buildAppContext, createApp } from '../../app.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { users } from '../auth/users.table.ts';
import { memberWithPoints, newCard, newProgram, send } from '../cards/cards.test-support.ts';
import { leaveMessage } from '../inbox/inbox.service.ts';
import { earn } from '../ledger/points.service.ts';
import { outboxMessages } from '../outbox/outbox-messages.table.ts';
import { queuePushes } from './push.queue.ts';
import { pushSubscriptions } from './push.table.ts';
import { fakeEndpoint, subscriptionOf } from './push.test-support.ts';

let testApp: TestApp;
/** The same database behind a server with push off: production without VAPID keys. */
let pushlessApp: FastifyInstance;
/** And behind a production server with its keys: it posts to the browsers' push services only. */
let productionApp: FastifyInstance;
let merchantId: number;
let programId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const { env, db: database, clock } = testApp;
  pushlessApp = await createApp({ env, database, clock, context: { ...buildAppContext({ env, database, clock }), webPush: null } });
  const context = buildAppContext({ env, database, clock });
  productionApp = await createApp({ env, database, clock, context: { ...context, webPush: context.webPush && { ...context.webPush, anyPushService: false } } });
  merchantId = await merchantIdOf(testApp.db);
  programId = (await newProgram(testApp, merchantId)).id;
});
afterAll(async () => {
  await pushlessApp?.close();
  await productionApp?.close();
  await testApp?.close();
});

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

async function register(member: TestMember, body: PushSubscriptionBody, host = 'localhost') {
  return send(testApp, 'POST', '/api/push/subscriptions', { member, body, host });
}

/** Registers a browser of the member; answers its subscription's id. */
async function browserOf(member: TestMember, endpoint = fakeEndpoint()): Promise<string> {
  const response = await register(member, subscriptionOf(endpoint));
  expect(response.statusCode, response.body).toBe(200);
  return pushSubscriptionAnswerSchema.parse(response.json()).data.id;
}

const unregister = (member: TestMember, endpoint: string, host = 'localhost') =>
  send(testApp, 'DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, { member, host });

async function subscriptionsAt(endpoint: string) {
  return testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** The pushes queued for these browsers, oldest first, with their payload read as the browser reads it. */
async function pushesTo(...subscriptionIds: string[]) {
  const rows = await testApp.db.select().from(outboxMessages).where(inArray(outboxMessages.recipient, subscriptionIds)).orderBy(outboxMessages.createdAt);
  return rows.map((row) => ({ row, payload: pushPayloadSchema.parse(JSON.parse(row.body)) }));
}

const weekendPromo: InboxFacts = { kind: 'merchant', title: 'Weekend promo', text: 'Double points on every Kopi Susu this weekend.' };
const pointsEarned: InboxFacts = { kind: 'points_earned', points: 25, unit: 'POINT', balance: 1_250, programName: 'Kopi Senja Rewards' };

function leave(member: TestMember, facts: InboxFacts, { cardId = null, merchant = merchantId }: { cardId?: string | null; merchant?: number } = {}) {
  return testApp.db.transaction((tx) => leaveMessage(tx, { merchantId: merchant, userId: member.userId, cardId, facts, link: '/cards', now: testApp.clock.now() }));
}

describe('registering a browser for push', () => {
  it('answers the public key the browser subscribes with, and keeps one record per browser', async () => {
    const member = await newMember(testApp);
    const key = await send(testApp, 'GET', '/api/push/public-key', { member });
    expect(key.statusCode, key.body).toBe(200);
    expect(pushPublicKeySchema.parse(key.json()).data.publicKey).toMatch(/^B[\w-]{86}$/);

    const endpoint = fakeEndpoint();
    const first = await browserOf(member, endpoint);
    const again = subscriptionOf(endpoint);
    const response = await send(testApp, 'POST', '/api/push/subscriptions', { member, body: again, headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(pushSubscriptionAnswerSchema.parse(response.json()).data.id).toBe(first);
    expect(await subscriptionsAt(endpoint)).toEqual([
      expect.objectContaining({ id: first, merchantId, userId: member.userId, p256dh: again.keys.p256dh, auth: again.keys.auth, userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0' }),
    ]);
  });

  it('refuses what is not a browser’s subscription: an address that is not https, keys of another length, a key off the curve', async () => {
    const member = await newMember(testApp);
    const good = subscriptionOf(fakeEndpoint());
    const offCurve = `B${'A'.repeat(85)}A`;
    const refused: [string, PushSubscriptionBody][] = [
      ['body.endpoint', { ...good, endpoint: 'http://push.example.test/send/1' }],
      ['body.endpoint', { ...good, endpoint: 'javascript:alert(1)' }],
      ['body.keys.p256dh', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }],
      ['body.keys.p256dh', { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}=` } }],
      ['body.keys.auth', { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }],
      ['body.keys.p256dh', { ...good, keys: { ...good.keys, p256dh: offCurve } }],
    ];
    for (const [field, body] of refused) {
      const response = await register(member, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field })] });
    }
    expect(await subscriptionsAt(good.endpoint)).toEqual([]);
  });

  it('moves a browser registered by another member to the member who registers it now', async () => {
    const [first, second] = [await newMember(testApp), await newMember(testApp)];
    const endpoint = fakeEndpoint();
    const id = await browserOf(first, endpoint);
    expect(await browserOf(second, endpoint)).toBe(id);
    expect((await subscriptionsAt(endpoint)).map((row) => row.userId)).toEqual([second.userId]);

    // The first member's messages no longer reach that browser, and it is no longer theirs to unregister.
    await leave(first, weekendPromo);
    expect(await pushesTo(id)).toEqual([]);
    expect(codeOf(await unregister(first, endpoint))).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    expect((await unregister(second, endpoint)).statusCode).toBe(204);
    expect(await subscriptionsAt(endpoint)).toEqual([]);
    expect(codeOf(await unregister(second, endpoint))).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
  });

  it("unregisters the member's own browser only: another member's or another merchant's is not found and stays", async () => {
    const owner = await newMember(testApp);
    const stranger = await newMember(testApp);
    const elsewhere = await newMember(testApp, { host: 'v2.localhost' });
    const endpoint = fakeEndpoint();
    await browserOf(owner, endpoint);
    const strangerAnswer = await unregister(stranger, endpoint);
    expect(strangerAnswer.statusCode).toBe(404);
    expect(codeOf(strangerAnswer)).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    expect(codeOf(await unregister(elsewhere, endpoint, 'v2.localhost'))).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    expect(await subscriptionsAt(endpoint)).toHaveLength(1);
  });

  it("takes only the browsers' push services in production: no address of the server's own network", async () => {
    const member = await newMember(testApp);
    const headers = { host: 'localhost', authorization: `Bearer ${member.token}` };
    const registerIn = (endpoint: string) => productionApp.inject({ method: 'POST', url: '/api/push/subscriptions', headers, payload: subscriptionOf(endpoint) });
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/eX7rW2cQ1bA:APA91bHk3Jm8',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      const response = await registerIn(endpoint);
      expect(response.statusCode, `${endpoint}: ${response.body}`).toBe(200);
    }
    for (const endpoint of ['https://localhost:8443/push/1', 'https://10.0.0.7/push/1', 'https://fcm.googleapis.com.attacker.test/send/1', 'https://push.example.test/send/1']) {
      const response = await registerIn(endpoint);
      expect([response.statusCode, codeOf(response)], endpoint).toEqual([400, 'VALIDATION_FAILED']);
      expect(errorBodySchema.parse(response.json()).details).toEqual([expect.objectContaining({ field: 'body.endpoint' })]);
      expect(await subscriptionsAt(endpoint)).toEqual([]);
    }
  });

  it('keeps the 10 browsers a member registered last', async () => {
    const member = await newMember(testApp);
    const endpoints = Array.from({ length: 11 }, () => fakeEndpoint());
    for (const endpoint of endpoints) {
      await browserOf(member, endpoint);
      testApp.clock.advance(1_000);
    }
    const kept = await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.userId));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(1).sort());
  });

  it('needs a session', async () => {
    const endpoint = fakeEndpoint();
    for (const response of [
      await send(testApp, 'GET', '/api/push/public-key'),
      await send(testApp, 'POST', '/api/push/subscriptions', { body: subscriptionOf(endpoint) }),
      await send(testApp, 'DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`),
      await send(testApp, 'GET', '/api/push/settings'),
      await send(testApp, 'PATCH', '/api/push/settings', { body: { kinds: [{ kind: 'merchant', enabled: false }] } }),
      await send(testApp, 'POST', '/api/push/route', { body: { routeName: 'cards' } }),
    ]) {
      expect(response.statusCode, response.body).toBe(401);
    }
    expect(await subscriptionsAt(endpoint)).toEqual([]);
  });

  it('says push is off where the server has no VAPID keys', async () => {
    const member = await newMember(testApp);
    const headers = { host: 'localhost', authorization: `Bearer ${member.token}` };
    const key = await pushlessApp.inject({ method: 'GET', url: '/api/push/public-key', headers });
    expect([key.statusCode, codeOf(key)]).toEqual([503, 'PUSH_UNAVAILABLE']);
    const endpoint = fakeEndpoint();
    const registered = await pushlessApp.inject({ method: 'POST', url: '/api/push/subscriptions', headers, payload: subscriptionOf(endpoint) });
    expect([registered.statusCode, codeOf(registered)]).toEqual([503, 'PUSH_UNAVAILABLE']);
    expect(await subscriptionsAt(endpoint)).toEqual([]);
  });
});

describe('what a message pushes', () => {
  it("pushes every message to each of the member's browsers, worded in the member's language", async () => {
    const member = await newMember(testApp);
    await testApp.db.update(users).set({ language: 'id' }).where(eq(users.id, member.userId));
    const browsers = [await browserOf(member), await browserOf(member)];
    const card = await newCard(testApp, { merchantId, programId, owner: member });
    const message = await leave(member, pointsEarned, { cardId: card.id });

    const pushes = await pushesTo(...browsers);
    expect(pushes.map(({ row }) => row.recipient).sort()).toEqual([...browsers].sort());
    for (const { row, payload } of pushes) {
      expect(row).toMatchObject({ channel: 'push', status: 'queued', language: 'id', subject: 'Anda mendapat 25 poin', purpose: 'push:points_earned' });
      expect(payload).toMatchObject({
        title: 'Anda mendapat 25 poin',
        body: 'Kopi Senja Rewards: saldo Anda sekarang 1.250 poin.',
        extras: { queryString: { routeName: 'cards-cardId', cardId: card.id }, kind: null, messageId: message?.id, link: '/cards' },
      });
    }
  });

  it("words the push in the merchant's language when the member has none, and a merchant's message as written", async () => {
    const member = await newMember(testApp, { host: 'v2.localhost' });
    await testApp.db.update(users).set({ language: null }).where(eq(users.id, member.userId));
    const response = await send(testApp, 'POST', '/api/push/subscriptions', { member, host: 'v2.localhost', body: subscriptionOf(fakeEndpoint()) });
    const browser = pushSubscriptionAnswerSchema.parse(response.json()).data.id;
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    await leave(member, { kind: 'payment_settled', status: 'paid', amount: 150_000, currency: 'IDR' }, { merchant: lumina });
    await leave(member, weekendPromo, { merchant: lumina });
    expect((await pushesTo(browser)).map(({ payload }) => [payload.title, payload.body])).toEqual([
      ['Pembayaran diterima', 'Pembayaran Anda sebesar Rp 150.000 berhasil.'],
      [weekendPromo.title, weekendPromo.text],
    ]);
  });

  it('opens the modal of its kind: the level-up one for a level or its reward, the welcome and birthday rewards their own, none for the rest', async () => {
    const member = await newMember(testApp);
    const browser = await browserOf(member);
    const reward = { title: 'Free Kopi Susu', points: 100, unit: 'POINT', programName: 'Kopi Senja Rewards' } as const;
    const kinds: [InboxFacts, string | null][] = [
      [{ kind: 'level_reached', levelName: 'Gold', programName: 'Kopi Senja Rewards' }, 'LevelUpModalMessage'],
      [{ kind: 'reward_granted', reward: 'level-up', ...reward }, 'LevelUpModalMessage'],
      [{ kind: 'reward_granted', reward: 'welcome', ...reward }, 'SingleSignUpReward'],
      [{ kind: 'reward_granted', reward: 'birthday', ...reward }, 'SingleBirthdayReward'],
      [pointsEarned, null],
      [weekendPromo, null],
      [{ kind: 'voucher_expiring', voucherName: 'Kopi Susu voucher', expiresAt: '2026-01-20T16:59:59.000Z' }, null],
    ];
    for (const [facts] of kinds) {
      await leave(member, facts);
      testApp.clock.advance(1_000);
    }
    expect((await pushesTo(browser)).map(({ payload }) => payload.extras.kind)).toEqual(kinds.map(([, kind]) => kind));
  });

  it("leaves no push when the message's event rolls back", async () => {
    const member = await newMember(testApp);
    const browser = await browserOf(member);
    const failure = new Error('the event failed after its message');
    await expect(
      testApp.db.transaction(async (tx) => {
        await leaveMessage(tx, { merchantId, userId: member.userId, cardId: null, facts: weekendPromo, link: null, now: testApp.clock.now() });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await pushesTo(browser)).toEqual([]);
  });

  it('pushes nothing of a kind the member turned off, while the message still reaches the inbox', async () => {
    const member = await newMember(testApp);
    const browser = await browserOf(member);
    const changed = await send(testApp, 'PATCH', '/api/push/settings', { member, body: { kinds: [{ kind: 'points_earned', enabled: false }] } });
    expect(changed.statusCode, changed.body).toBe(200);
    const kept = await leave(member, pointsEarned);
    await leave(member, weekendPromo);
    expect((await pushesTo(browser)).map(({ payload }) => payload.title)).toEqual([weekendPromo.title]);
    expect(kept?.facts).toEqual(pointsEarned);
  });

  it("queues the pushes of many members' messages at once, each to the member's own browsers that take its kind", async () => {
    const [withTwo, withOne, quiet, without] = [await newMember(testApp), await newMember(testApp), await newMember(testApp), await newMember(testApp)];
    const browsers = { withTwo: [await browserOf(withTwo), await browserOf(withTwo)], withOne: [await browserOf(withOne)], quiet: [await browserOf(quiet)] };
    await send(testApp, 'PATCH', '/api/push/settings', { member: quiet, body: { kinds: [{ kind: 'merchant', enabled: false }] } });
    // A broadcast's page: its messages were written, each with its own id; their pushes are queued together.
    const messages = [withTwo, withOne, quiet, without].map((member) => ({ userId: member.userId, message: { id: randomUUID(), facts: weekendPromo, link: null, cardId: null } }));
    const queued = await testApp.db.transaction((tx) => queuePushes({ tx, merchantId, messages, now: testApp.clock.now() }));
    expect(queued).toBe(3);
    const pushes = await pushesTo(...Object.values(browsers).flat());
    expect(pushes.map(({ row }) => row.recipient).sort()).toEqual([...browsers.withTwo, ...browsers.withOne].sort());
    const messageOf = new Map(messages.map((entry) => [entry.userId, entry.message.id]));
    for (const { row, payload } of pushes) {
      const owner = row.recipient === browsers.withOne[0] ? withOne : withTwo;
      expect(payload.extras.messageId).toBe(messageOf.get(owner.userId));
    }
  });
});

describe('notification settings', () => {
  async function settingsOf(member: TestMember) {
    const response = await send(testApp, 'GET', '/api/push/settings', { member });
    expect(response.statusCode, response.body).toBe(200);
    return pushSettingsSchema.parse(response.json()).data;
  }

  it('has every kind on until the member turns it off, and changes only the kinds given', async () => {
    const member = await newMember(testApp);
    const other = await newMember(testApp);
    expect(await settingsOf(member)).toEqual(pushSettingKinds.map((kind) => ({ kind, enabled: true })));

    const changed = await send(testApp, 'PATCH', '/api/push/settings', {
      member,
      body: { kinds: [{ kind: 'order_status', enabled: false }, { kind: 'merchant', enabled: false }, { kind: 'merchant', enabled: true }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const expected = pushSettingKinds.map((kind) => ({ kind, enabled: kind !== 'order_status' }));
    expect(pushSettingsSchema.parse(changed.json()).data).toEqual(expected);
    expect(await settingsOf(member)).toEqual(expected);

    await send(testApp, 'PATCH', '/api/push/settings', { member, body: { kinds: [{ kind: 'order_status', enabled: true }] } });
    expect((await settingsOf(member)).every((setting) => setting.enabled)).toBe(true);
    expect(await settingsOf(other)).toEqual(pushSettingKinds.map((kind) => ({ kind, enabled: true })));
  });

  it('refuses a kind that is not one, and a change of nothing', async () => {
    const member = await newMember(testApp);
    for (const body of [{ kinds: [{ kind: 'everything', enabled: false }] }, { kinds: [] }, { kinds: [{ kind: 'merchant', enabled: 'no' }] }]) {
      const response = await send(testApp, 'PATCH', '/api/push/settings', { member, body });
      expect([response.statusCode, codeOf(response)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});

describe('POST /api/push/route', () => {
  const routeOf = (member: TestMember, body: object) => send(testApp, 'POST', '/api/push/route', { member, body });
  async function urlOf(member: TestMember, body: object): Promise<string> {
    const response = await routeOf(member, body);
    expect(response.statusCode, response.body).toBe(200);
    return pushRouteAnswerSchema.parse(response.json()).url;
  }

  it("answers the app page: the wallet's pages, and the pages of a card in the member's wallet", async () => {
    const member = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    const cardId = member.card.id;
    expect(await urlOf(member, { routeName: 'cards' })).toBe('/cards');
    expect(await urlOf(member, { routeName: 'notifications' })).toBe('/notifications');
    expect(await urlOf(member, { routeName: 'cards-cardId', cardId })).toBe(`/cards/${cardId}`);
    expect(await urlOf(member, { routeName: 'cards-cardId-levels', cardId })).toBe(`/cards/${cardId}/levels`);
    expect(await urlOf(member, { routeName: 'cards-cardId-transaction-history', cardId })).toBe(`/cards/${cardId}/transaction-history`);
  });

  it("routes a store rating to the transaction's detail on the member's card", async () => {
    const member = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    const stranger = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    const entry = await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card: member.card, amount: 40n });
    const url = `/cards/${member.card.id}/transaction-detail/${entry.id}`;
    expect(await urlOf(member, { routeName: 'detailTransaction', transactionId: entry.id })).toBe(url);
    expect(await urlOf(member, { routeName: 'detailTransaction', transactionId: entry.id.toUpperCase() })).toBe(url);
    const theirs = await routeOf(stranger, { routeName: 'detailTransaction', transactionId: entry.id });
    expect([theirs.statusCode, codeOf(theirs)]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers 400 PUSH_ROUTE_INVALID for an unknown routeName or a missing or malformed id, never a crash', async () => {
    const member = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    const cardId = member.card.id;
    const invalid = [
      { routeName: 'adminPanel' },
      { routeName: '__proto__' },
      { routeName: 'constructor', cardId },
      { routeName: 'cards-cardId' },
      { routeName: 'cards-cardId', cardId: cardId.toUpperCase() },
      { routeName: 'cards-cardId', cardId: cardId.slice(1) },
      { routeName: 'cards-cardId', cardId: `${cardId.slice(1)}-` },
      { routeName: 'cards-cardId-levels', cardId: '../../settings' },
      { routeName: 'detailTransaction' },
      { routeName: 'detailTransaction', transactionId: 'not-a-transaction' },
      { routeName: 'detailTransaction', cardId },
    ];
    for (const body of invalid) {
      const response = await routeOf(member, body);
      expect([response.statusCode, codeOf(response)], JSON.stringify(body)).toEqual([400, 'PUSH_ROUTE_INVALID']);
    }
    for (const body of [{}, { routeName: '' }, { routeName: 42 }, { routeName: 'cards', cardId: 'x'.repeat(65) }]) {
      const response = await routeOf(member, body);
      expect([response.statusCode, codeOf(response)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it("answers 404 CARD_NOT_FOUND for a card that is not in the member's wallet at this merchant", async () => {
    const member = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    const stranger = await memberWithPoints(testApp, { merchantId, programId, points: 0 });
    const unowned = await newCard(testApp, { merchantId, programId });
    for (const cardId of [stranger.card.id, unowned.id, 'a'.repeat(24)]) {
      const response = await routeOf(member, { routeName: 'cards-cardId', cardId });
      expect([response.statusCode, codeOf(response)], cardId).toEqual([404, 'CARD_NOT_FOUND']);
    }
    const elsewhere = await newMember(testApp, { host: 'v2.localhost' });
    const fromElsewhere = await send(testApp, 'POST', '/api/push/route', { member: elsewhere, host: 'v2.localhost', body: { routeName: 'cards-cardId', cardId: member.card.id } });
    expect([fromElsewhere.statusCode, codeOf(fromElsewhere)]).toEqual([404, 'CARD_NOT_FOUND']);
  });
});
