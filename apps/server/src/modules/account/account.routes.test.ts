import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionAnswerSchema, type LoginType } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SESSION_COOKIE } from '../auth/auth.constants.ts';
import { call, newDeviceId, newPhone, outboxFor, phoneBody, signUp } from '../auth/auth.test-support.ts';
import { findLiveSession, openSession } from '../auth/session.service.ts';
import { findUserById } from '../auth/users.repository.ts';
import { memberPin, newMember } from '../../test/members.ts';
import type { UserRow } from '../auth/users.table.ts';
import { findSiteWithMerchantByHost } from '../tenancy/tenancy.repository.ts';

let testApp: TestApp;
let merchantId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const site = await findSiteWithMerchantByHost(testApp.db, 'localhost');
  if (!site) throw new Error('no demo site');
  merchantId = site.merchant.id;
});
afterAll(async () => {
  await testApp.close();
});

async function signIn(user: UserRow, loginType: LoginType = 'pin'): Promise<string> {
  const { token } = await openSession({ db: testApp.db, user, loginType, pendingReason: null, deviceHash: null, now: testApp.clock.now() });
  return token;
}

async function requestDeletion(token?: string, pin: string | null = memberPin) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v2/account/deletion',
    headers: { host: 'localhost' },
    payload: pin === null ? {} : { pin },
    ...(token && { cookies: { [SESSION_COOKIE]: token } }),
  });
}

describe('POST /api/v2/account/deletion', () => {
  it('records the request, answers 202 and clears the cookie', async () => {
    const { user } = await newMember(testApp);
    const response = await requestDeletion(await signIn(user));
    expect(response.statusCode).toBe(202);
    const { requestedAt } = accountDeletionAnswerSchema.parse(response.json());
    expect((await findUserById(testApp.db, merchantId, user.id))?.deletionRequestedAt?.toISOString()).toBe(requestedAt);
    const cleared = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
  });

  it('signs the member out on every device', async () => {
    const { user } = await newMember(testApp);
    const phone = await signIn(user, 'otp');
    const laptop = await signIn(user, 'pin');
    expect((await requestDeletion(phone)).statusCode).toBe(202);

    expect((await requestDeletion(phone)).statusCode).toBe(401);
    expect(await findLiveSession({ db: testApp.db, token: laptop, merchantId, now: testApp.clock.now() })).toBeUndefined();
  });

  it('tells the member once, in the language of their latest sign-in', async () => {
    const phone = newPhone();
    const member = await signUp(testApp, phone, '246810', { deviceId: newDeviceId(), language: 'ja' });
    expect((await requestDeletion(member.accessToken, '246810')).statusCode).toBe(202);
    const [notice, ...more] = (await outboxFor(testApp, phone)).filter((message) => message.purpose === 'account-deletion-requested');
    expect(more).toEqual([]);
    expect(notice?.text).toContain('アカウント削除のご依頼を受け付けました');
  });

  it('keeps the time of the first request when asked again', async () => {
    const { user, phone } = await newMember(testApp);
    const first = accountDeletionAnswerSchema.parse((await requestDeletion(await signIn(user))).json());
    testApp.clock.advance(60_000);
    const again = await requestDeletion(await signIn(user));
    expect(again.statusCode).toBe(202);
    expect(accountDeletionAnswerSchema.parse(again.json()).requestedAt).toBe(first.requestedAt);
    expect((await outboxFor(testApp, phone)).filter((message) => message.purpose === 'account-deletion-requested')).toHaveLength(1);
  });

  it('is closed to single sign-on sessions, which stay signed in', async () => {
    const { user } = await newMember(testApp);
    const token = await signIn(user, 'sso');
    const response = await requestDeletion(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await findUserById(testApp.db, merchantId, user.id))?.deletionRequestedAt).toBeNull();
    expect(await findLiveSession({ db: testApp.db, token, merchantId, now: testApp.clock.now() })).toBeDefined();
  });

  it('takes the member’s PIN: a wrong one says how many tries are left and records nothing, the third locks the PIN', async () => {
    const { user } = await newMember(testApp);
    const token = await signIn(user);
    const first = await requestDeletion(token, '000000');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'PIN_INVALID', attemptsRemaining: 2 });
    expect((await requestDeletion(token, '000001')).json()).toMatchObject({ code: 'PIN_INVALID', attemptsRemaining: 1 });
    const third = await requestDeletion(token, '000002');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'PIN_LOCKED' });
    // Locked: not even the right PIN deletes the account now.
    expect((await requestDeletion(token)).json()).toMatchObject({ code: 'PIN_LOCKED' });
    expect((await findUserById(testApp.db, merchantId, user.id))?.deletionRequestedAt).toBeNull();
    expect(await findLiveSession({ db: testApp.db, token, merchantId, now: testApp.clock.now() })).toBeDefined();
  });

  it('answers 400 to a request without a PIN, as a forged one would come', async () => {
    const { user } = await newMember(testApp);
    const response = await requestDeletion(await signIn(user), null);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await findUserById(testApp.db, merchantId, user.id))?.deletionRequestedAt).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const response = await requestDeletion();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('signing in to an account being deleted', () => {
  it('is refused by PIN and by one-time code once deletion was requested', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    const member = await signUp(testApp, phone, '246810', { deviceId });
    expect((await requestDeletion(member.accessToken, '246810')).statusCode).toBe(202);

    const byPin = await call(testApp, 'POST', '/api/auth/login-by-pin', { ...phoneBody(phone), pin: '246810' }, { deviceId });
    expect(byPin.statusCode).toBe(403);
    expect(byPin.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This account is being deleted' });

    await call(testApp, 'POST', '/api/auth/check-credential', phoneBody(phone), { deviceId });
    const codes = await testApp.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}`, headers: { host: 'localhost' } });
    const otp = (codes.json() as { data: { code: string }[] }).data[0]?.code;
    const byCode = await call(testApp, 'POST', '/api/auth/verify-otp', { ...phoneBody(phone), otp }, { deviceId });
    expect(byCode.statusCode).toBe(403);
  });

  it('still answers a wrong PIN as wrong, so the state of the account is not revealed to a guesser', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    const member = await signUp(testApp, phone, '135790', { deviceId });
    expect((await requestDeletion(member.accessToken, '135790')).statusCode).toBe(202);
    const wrong = await call(testApp, 'POST', '/api/auth/login-by-pin', { ...phoneBody(phone), pin: '000000' }, { deviceId });
    expect(wrong.json()).toMatchObject({ code: 'PIN_INVALID' });
  });
});
