import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, signInAnswerSchema } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { markDeletionRequested } from '../auth/users.repository.ts';
import { SESSION_COOKIE } from '../auth/auth.constants.ts';
import { findLiveSession } from '../auth/session.service.ts';
import { insertUserOnce } from '../auth/users.repository.ts';
import { findSiteWithMerchantByHost } from '../tenancy/tenancy.repository.ts';
import { insertSsoKey, updateSsoKeyActive } from './sso.repository.ts';
import { createSsoKey, installSsoKey } from './sso-keys.service.ts';
import { signSsoToken, type SsoClaims } from './sso.token.ts';

let testApp: TestApp;
const kopi = { host: 'localhost', id: 0, mid: '' };
const lumina = { host: 'v2.localhost', id: 0, mid: '' };
let kopiKey: { kid: string; secret: string };
let luminaKey: { kid: string; secret: string };

async function merchantOf(host: string) {
  const found = await findSiteWithMerchantByHost(testApp.db, host);
  if (!found) throw new Error(`no demo site ${host}`);
  return { host, id: found.merchant.id, mid: found.merchant.mid };
}

const logLines: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => logLines.push(line) } });
  Object.assign(kopi, await merchantOf(kopi.host));
  Object.assign(lumina, await merchantOf(lumina.host));
  kopiKey = await createSsoKey({ db: testApp.db, merchantId: kopi.id });
  luminaKey = await createSsoKey({ db: testApp.db, merchantId: lumina.id });
});
afterAll(async () => {
  await testApp.close();
});

const nowSeconds = () => Math.floor(testApp.clock.now().getTime() / 1000);

function claimsFor(merchant: { mid: string }, changes: Partial<SsoClaims> = {}): SsoClaims {
  const iat = nowSeconds();
  return { iss: merchant.mid, sub: `member-${randomUUID()}`, iat, exp: iat + 120, jti: randomUUID(), ...changes };
}

function tokenFor(claims: SsoClaims, key = kopiKey): string {
  return signSsoToken({ kid: key.kid, secret: key.secret, claims });
}

async function postSso(token: string, host = kopi.host) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/sso', headers: { host }, payload: { token } });
}

function expectSsoInvalid(response: Awaited<ReturnType<typeof postSso>>) {
  expect(response.statusCode).toBe(401);
  expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'SSO_INVALID' });
  expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('POST /api/auth/sso', () => {
  it('signs a new member in with an active sso session and its cookie', async () => {
    const response = await postSso(tokenFor(claimsFor(kopi, { name: 'Ayu Lestari', email: 'Ayu@Example.com' })));
    expect(response.statusCode).toBe(200);
    const answer = signInAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ isNewUser: true, loginType: 'sso', pinRequired: false });
    expect(answer.user).toMatchObject({ merchantId: kopi.id, name: 'Ayu Lestari', email: 'ayu@example.com' });

    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ value: answer.accessToken, httpOnly: true, sameSite: 'Lax' });
    const live = await findLiveSession({ db: testApp.db, token: answer.accessToken, merchantId: kopi.id, now: testApp.clock.now() });
    expect(live?.session).toMatchObject({ loginType: 'sso', status: 'active', userId: answer.user.id });
  });

  it('signs the same member in again by the merchant’s subject', async () => {
    const sub = `member-${randomUUID()}`;
    const first = signInAnswerSchema.parse((await postSso(tokenFor(claimsFor(kopi, { sub })))).json());
    const again = signInAnswerSchema.parse((await postSso(tokenFor(claimsFor(kopi, { sub })))).json());
    expect(again.user.id).toBe(first.user.id);
    expect(again.isNewUser).toBe(false);
    expect(again.accessToken).not.toBe(first.accessToken);
  });

  it('links an existing member found by phone instead of creating another', async () => {
    const { user } = await insertUserOnce(testApp.db, {
      merchantId: kopi.id,
      maskedId: `m${randomUUID().slice(0, 8)}`,
      identifier: { type: 'phone', value: '+6281234500001' },
      country: 'ID',
      now: testApp.clock.now(),
    });
    const sub = `member-${randomUUID()}`;
    const linked = signInAnswerSchema.parse((await postSso(tokenFor(claimsFor(kopi, { sub, phone: '+6281234500001' })))).json());
    expect(linked).toMatchObject({ isNewUser: false, user: { id: user.id, phone: '+6281234500001' } });
    const bySubject = signInAnswerSchema.parse((await postSso(tokenFor(claimsFor(kopi, { sub })))).json());
    expect(bySubject.user.id).toBe(user.id);
  });

  it('does not hand a member already linked to another subject to a new subject', async () => {
    await postSso(tokenFor(claimsFor(kopi, { phone: '+6281234500002' })));
    expectSsoInvalid(await postSso(tokenFor(claimsFor(kopi, { phone: '+6281234500002' }))));
  });

  it('refuses a token used a second time', async () => {
    const token = tokenFor(claimsFor(kopi));
    expect((await postSso(token)).statusCode).toBe(200);
    expectSsoInvalid(await postSso(token));
  });

  it('refuses a reused token id even in a newly signed token', async () => {
    const jti = randomUUID();
    expect((await postSso(tokenFor(claimsFor(kopi, { jti })))).statusCode).toBe(200);
    expectSsoInvalid(await postSso(tokenFor(claimsFor(kopi, { jti }))));
  });

  it('refuses a token signed with the wrong secret, logging why but not the token', async () => {
    const token = tokenFor(claimsFor(kopi), { kid: kopiKey.kid, secret: 'not-the-merchant-secret' });
    logLines.length = 0;
    expectSsoInvalid(await postSso(token));
    const refusal = logLines.find((line) => line.includes('single sign-on token refused'));
    expect(refusal).toContain('bad-signature');
    expect(logLines.some((line) => line.includes(token.split('.')[2] ?? token))).toBe(false);
  });

  it("refuses alg 'none' with no signature", async () => {
    const token = `${encode({ alg: 'none', typ: 'JWT', kid: kopiKey.kid })}.${encode(claimsFor(kopi))}.AAAA`;
    expectSsoInvalid(await postSso(token));
  });

  it('refuses a key id the merchant does not have', async () => {
    expectSsoInvalid(await postSso(tokenFor(claimsFor(kopi), { kid: 'no-such-key', secret: kopiKey.secret })));
  });

  it('refuses a token signed with another merchant’s key', async () => {
    expectSsoInvalid(await postSso(tokenFor(claimsFor(kopi), luminaKey)));
  });

  it('refuses a retired key', async () => {
    const retired = await insertSsoKey(testApp.db, { merchantId: kopi.id, kid: 'retired', secret: 'retired-secret' });
    await updateSsoKeyActive(testApp.db, retired.id, false);
    expectSsoInvalid(await postSso(tokenFor(claimsFor(kopi), { kid: 'retired', secret: 'retired-secret' })));
  });

  it('accepts tokens of a key installed with a chosen secret, installed twice', async () => {
    const demoKey = { kid: 'demo', secret: 'demo-secret-demo-secret-demo-secret-0001' };
    await installSsoKey({ db: testApp.db, merchantId: kopi.id, ...demoKey });
    await installSsoKey({ db: testApp.db, merchantId: kopi.id, ...demoKey });
    expect((await postSso(tokenFor(claimsFor(kopi), demoKey))).statusCode).toBe(200);
  });

  it('refuses a token issued for another merchant', async () => {
    expectSsoInvalid(await postSso(tokenFor(claimsFor(lumina))));
  });

  it('refuses an expired token', async () => {
    const iat = nowSeconds() - 400;
    expectSsoInvalid(await postSso(tokenFor(claimsFor(kopi, { iat, exp: iat + 300 }))));
  });

  it('refuses a token meant to live longer than 300 seconds', async () => {
    const iat = nowSeconds();
    expectSsoInvalid(await postSso(tokenFor(claimsFor(kopi, { iat, exp: iat + 301 }))));
  });

  it.each([
    ['not a token at all', 'this-is-not-a-signed-token'],
    ['a header that is not JSON', `bm90LWpzb24.${encode({ sub: 'x' })}.c2lnbmF0dXJl`],
    ['claims without a token id', `${encode({ alg: 'HS256', kid: 'x' })}.${encode({ iss: 'KOPISENJA', sub: 'x', iat: 1, exp: 2 })}.c2ln`],
  ])('refuses %s', async (_name, token) => {
    expectSsoInvalid(await postSso(token));
  });

  it('answers 400 when the body carries no token', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/sso', headers: { host: kopi.host }, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('keeps members of two merchants apart even with the same subject', async () => {
    const sub = `member-${randomUUID()}`;
    const atKopi = signInAnswerSchema.parse((await postSso(tokenFor(claimsFor(kopi, { sub })))).json());
    const atLumina = signInAnswerSchema.parse((await postSso(tokenFor(claimsFor(lumina, { sub }), luminaKey), lumina.host)).json());
    expect(atLumina.user.id).not.toBe(atKopi.user.id);
    expect(atLumina.user.merchantId).toBe(lumina.id);
    const crossSite = await findLiveSession({ db: testApp.db, token: atKopi.accessToken, merchantId: lumina.id, now: testApp.clock.now() });
    expect(crossSite).toBeUndefined();
  });

  it('refuses a member whose account is being deleted', async () => {
    const sub = `member-${randomUUID()}`;
    const first = signInAnswerSchema.parse((await postSso(tokenFor(claimsFor(kopi, { sub })))).json());
    await markDeletionRequested(testApp.db, first.user.id, testApp.clock.now());
    const response = await postSso(tokenFor(claimsFor(kopi, { sub })));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This account is being deleted' });
  });
});
