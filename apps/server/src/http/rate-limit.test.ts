import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@kartu/contracts';
import { createApp } from '../app.ts';
import { randomUUID } from 'node:crypto';
import { call, newDeviceId, newPhone, phoneBody, signUp } from '../modules/auth/auth.test-support.ts';
import { newProgram } from '../modules/cards/cards.test-support.ts';
import { issueCard } from '../modules/cards/cards.service.ts';
import { earn } from '../modules/ledger/points.service.ts';
import { SESSION_COOKIE } from '../modules/auth/auth.constants.ts';
import { memberPin, newMember } from '../test/members.ts';
import { createTestApp, merchantIdOf, testEnv, type TestApp, openDemoTransfers } from '../test/test-app.ts';
import { fakeWebBuild, type FakeWebBuild } from '../test/web-build.ts';

let testApp: TestApp;
let limited: FastifyInstance;
let build: FakeWebBuild;

beforeAll(async () => {
  build = fakeWebBuild();
  testApp = await createTestApp();
  await openDemoTransfers(testApp);
  limited = await createApp({
    env: testEnv({ WEB_DIST_DIR: build.dir, RATE_LIMIT_PER_MINUTE: '3', SESSION_RATE_LIMIT_PER_MINUTE: '5', AUTH_RATE_LIMIT_PER_MINUTE: '50', AUTH_IDENTIFIER_RATE_LIMIT_PER_MINUTE: '3' }),
    database: testApp.db,
    clock: testApp.clock,
  });
});
afterAll(async () => {
  await limited.close();
  await testApp.close();
  build.remove();
});

const inject = (url: string, headers: Record<string, string> = {}) => limited.inject({ url, headers: { host: 'localhost', ...headers } });
const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

describe('rate limits', () => {
  it('never count the app’s page and static files, from one address however many', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => inject(index % 2 === 0 ? '/cards' : build.asset, { 'x-forwarded-for': '203.0.113.1' }).then((response) => response.statusCode)),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('count API calls without a session per address, and refuse past the limit', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 4; request += 1) statuses.push((await inject('/api/site', { 'x-test-client': 'hammer' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await inject('/api/site');
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('count a signed-in member’s calls against their session, so members behind one address keep their own budget', async () => {
    const [first, second] = [await newMember(testApp), await newMember(testApp)];
    const session = (member: { token: string }) => inject('/api/auth/session', { authorization: `Bearer ${member.token}` }).then((response) => response.statusCode);
    // The address has used up its budget for calls without a session in the test before.
    expect((await inject('/api/site')).statusCode).toBe(429);
    const firstStatuses: number[] = [];
    for (let request = 0; request < 6; request += 1) firstStatuses.push(await session(first));
    expect(firstStatuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await session(second)).toBe(200);
  });

  it('count the web app’s calls, signed in by cookie, against their session too', async () => {
    const member = await newMember(testApp);
    const cards = () => inject('/api/v2/cards', { cookie: `${SESSION_COOKIE}=${member.token}` }).then((response) => response.statusCode);
    const statuses: number[] = [];
    for (let request = 0; request < 6; request += 1) statuses.push(await cards());
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('hold each sign-in route to its own limit per phone number, whatever the address', async () => {
    const phone = newPhone();
    const isLocked = (body: object) => limited.inject({ method: 'POST', url: '/api/auth/is-locked', headers: { host: 'localhost' }, payload: body });
    const statuses: number[] = [];
    for (let request = 0; request < 4; request += 1) statuses.push((await isLocked(phoneBody(phone))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The same number written another way is the same number.
    expect((await isLocked({ ...phoneBody(phone), identifierValue: phone.replace(/(\d{4})(\d{4})/, '$1-$2 ') })).statusCode).toBe(429);
    expect((await isLocked(phoneBody(newPhone()))).statusCode).toBe(200);
  });

  it('answer a page request that fails with the app, never with JSON', async () => {
    const broken = await limited.inject({ url: '/cards/%E0%A4%A', headers: { host: 'localhost', accept: 'text/html,application/xhtml+xml' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toContain('text/html');
    expect(broken.body).toBe(build.page);
    const fromApi = await limited.inject({ url: '/api/v2/cards/%E0%A4%A', headers: { host: 'localhost', accept: 'text/html' } });
    expect(fromApi.statusCode).toBe(400);
    expect(errorBodySchema.parse(fromApi.json()).code).toBe('VALIDATION_FAILED');
  });
});

describe('behind a proxy', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    proxied = await createApp({ env: testEnv({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '2' }), database: testApp.db, clock: testApp.clock });
  });
  afterAll(async () => {
    await proxied.close();
  });
  const site = (headers: Record<string, string>) => proxied.inject({ url: '/api/site', headers: { host: 'localhost', ...headers } }).then((response) => response.statusCode);

  it('counts the client address from X-Forwarded-For and from nothing else', async () => {
    expect([await site({ 'x-forwarded-for': '198.51.100.7' }), await site({ 'x-forwarded-for': '198.51.100.7' })]).toEqual([200, 200]);
    expect(await site({ 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '192.0.2.99' })).toBe(429);
    expect(await site({ 'x-forwarded-for': '198.51.100.8' })).toBe(200);
  });

  it('cannot be dodged with X-Forwarded-For when no proxy is trusted', async () => {
    const direct = await createApp({ env: testEnv({ RATE_LIMIT_PER_MINUTE: '2' }), database: testApp.db, clock: testApp.clock });
    try {
      const statuses: number[] = [];
      for (let request = 0; request < 3; request += 1) {
        statuses.push((await direct.inject({ url: '/api/site', headers: { host: 'localhost', 'x-forwarded-for': `198.51.100.${request}` } })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await direct.close();
    }
  });
});

describe('a busy minute behind one address', () => {
  it('lets 50 members sign in and use their cards without a 429 at the limits a deployment starts with, but stops a hammering script', async () => {
    // The deployment's defaults: the test environment's raised sign-in limits set back to unset.
    const defaults = await createApp({ env: testEnv({ AUTH_RATE_LIMIT_PER_MINUTE: '', AUTH_IDENTIFIER_RATE_LIMIT_PER_MINUTE: '' }), database: testApp.db, clock: testApp.clock });
    const throughDefaults: TestApp = { ...testApp, app: defaults };
    const merchantId = await merchantIdOf(testApp.db);
    const program = await newProgram(testApp, merchantId, { expiryPolicy: 'none', expiryDays: null });
    const statuses: number[] = [];
    const record = (response: { statusCode: number }) => {
      statuses.push(response.statusCode);
      return response;
    };
    try {
      const members: Array<{ phone: string; token: string; cardId: string }> = [];
      for (let index = 0; index < 50; index += 1) {
        const phone = newPhone();
        const deviceId = newDeviceId();
        // What the app does for a member who opens it and signs up: the site, the PIN info, a code, a PIN.
        record(await call(throughDefaults, 'GET', '/api/site', undefined, { deviceId }));
        record(await call(throughDefaults, 'POST', '/api/auth/get-pin-info', phoneBody(phone), { deviceId }));
        const answer = await signUp(throughDefaults, phone, memberPin, { deviceId });
        const card = await issueCard({ db: testApp.db, merchantId, programId: program.id, ownerUserId: answer.user.id });
        await earn({ db: testApp.db, merchantId, card, amount: 100n, now: testApp.clock.now() });
        const asMember = { deviceId, token: answer.accessToken };
        record(await call(throughDefaults, 'GET', '/api/auth/session', undefined, asMember));
        record(await call(throughDefaults, 'GET', '/api/v2/cards', undefined, asMember));
        record(await call(throughDefaults, 'GET', `/api/v2/cards/${card.id}`, undefined, asMember));
        record(await call(throughDefaults, 'GET', `/api/v2/cards/${card.id}/transactions`, undefined, asMember));
        const friend = members.at(-1);
        if (friend) {
          const to = { phone: friend.phone, countryCode: '62' };
          record(await call(throughDefaults, 'POST', `/api/v2/cards/${card.id}/transfer/preview`, to, asMember));
          const sent = await defaults.inject({
            method: 'POST',
            url: `/api/v2/cards/${card.id}/transfer`,
            headers: { host: 'localhost', authorization: `Bearer ${answer.accessToken}`, 'idempotency-key': randomUUID() },
            payload: { ...to, amount: 10, pin: memberPin },
          });
          expect(record(sent).statusCode).toBe(201);
        }
        members.push({ phone, token: answer.accessToken, cardId: card.id });
      }
      expect(statuses.length).toBeGreaterThan(350);
      expect(statuses.filter((status) => status === 429)).toEqual([]);

      let hammered: number[] = [];
      for (let request = 0; request < 320 && !hammered.includes(429); request += 1) hammered = [...hammered, (await defaults.inject({ url: '/api/site', headers: { host: 'localhost' } })).statusCode];
      expect(hammered).toContain(429);
      console.log(`50 members behind one address: ${statuses.length} calls, no 429; a script without a session was stopped after ${hammered.length} calls`);
    } finally {
      await defaults.close();
    }
  }, 120_000);
});
