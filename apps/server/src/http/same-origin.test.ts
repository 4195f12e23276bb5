import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@kartu/contracts';
import { SESSION_COOKIE } from '../modules/auth/auth.constants.ts';
import { newMember, type TestMember } from '../test/members.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;
let member: TestMember;

beforeAll(async () => {
  testApp = await createTestApp();
  member = await newMember(testApp);
});
afterAll(async () => {
  await testApp.close();
});

/** The member's sign-out, as a page on `origin` would send it with the session cookie. */
const logout = (headers: Record<string, string>) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { host: 'localhost:3000', cookie: `${SESSION_COOKIE}=${member.token}`, ...headers } });

const sessionIsAlive = async () =>
  (await testApp.app.inject({ url: '/api/auth/session', headers: { host: 'localhost:3000', authorization: `Bearer ${member.token}` } })).statusCode === 200;

describe('writes from another site', () => {
  it.each([
    ['another site', { origin: 'https://attacker.example' }],
    ['a sibling host of the same site (another merchant)', { origin: 'http://v2.localhost:3000' }],
    ['the same host on another port', { origin: 'http://localhost:4000' }],
    ['an opaque origin (a sandboxed frame)', { origin: 'null' }],
    ['a browser that names no origin but says cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a browser that names no origin but says same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a cookie-carrying write from %s with 403, and changes nothing', async (_from, headers) => {
    const answer = await logout(headers);
    expect(answer.statusCode).toBe(403);
    expect(errorBodySchema.parse(answer.json())).toMatchObject({ code: 'FORBIDDEN', message: 'This request must come from the merchant’s own site' });
    expect(await sessionIsAlive()).toBe(true);
  });

  it('lets reads from anywhere through: they change nothing', async () => {
    const answer = await testApp.app.inject({ url: '/api/site', headers: { host: 'localhost:3000', origin: 'https://attacker.example' } });
    expect(answer.statusCode).toBe(200);
  });

  it('leaves the merchant API and the providers’ webhooks to their own keys and signatures', async () => {
    const integration = await testApp.app.inject({ method: 'POST', url: '/integration/v1/adjustments', headers: { host: 'localhost:3000', origin: 'https://pos.example' }, payload: {} });
    expect(errorBodySchema.parse(integration.json()).code).toBe('API_KEY_INVALID');
  });

  it('takes a write from the site’s own pages, and from a client that is no browser', async () => {
    const other = await newMember(testApp);
    const own = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', authorization: `Bearer ${other.token}` } });
    expect(own.statusCode).toBe(204);
    const third = await newMember(testApp);
    const noBrowser = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { host: 'localhost:3000', authorization: `Bearer ${third.token}` } });
    expect(noBrowser.statusCode).toBe(204);
  });
});
