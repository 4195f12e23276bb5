import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema, sessionAnswerSchema } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, newDeviceId, newPhone, passCode, signUp } from './auth.test-support.ts';
import { sessions } from './sessions.table.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const minute = 60_000;
const day = 24 * 60 * minute;
const currentSession = (options: { token?: string; cookie?: string; host?: string }) => call(testApp, 'GET', '/api/auth/session', undefined, options);

describe('sessions', () => {
  it('accepts the token as a bearer header and as the kartu_session cookie', async () => {
    const answer = await signUp(testApp, newPhone(), '121212', { deviceId: newDeviceId() });
    const byBearer = await currentSession({ token: answer.accessToken });
    expect(byBearer.statusCode).toBe(200);
    expect(sessionAnswerSchema.parse(byBearer.json()).user.id).toBe(answer.user.id);
    expect((await currentSession({ cookie: `kartu_session=${answer.accessToken}` })).statusCode).toBe(200);
  });

  it('answers 401 UNAUTHENTICATED without a session or with an unknown token', async () => {
    for (const response of [await currentSession({}), await currentSession({ token: 'x'.repeat(43) })]) {
      expect(response.statusCode).toBe(401);
      expect(errorBodySchema.parse(response.json()).code).toBe('UNAUTHENTICATED');
    }
  });

  it('revokes the session on logout and clears the cookie; the old token then answers 401', async () => {
    const answer = await signUp(testApp, newPhone(), '121212', { deviceId: newDeviceId() });
    const logout = await call(testApp, 'POST', '/api/auth/logout', undefined, { token: answer.accessToken });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/kartu_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await currentSession({ token: answer.accessToken })).statusCode).toBe(401);
  });

  it('answers logout without a session with 204 too', async () => {
    expect((await call(testApp, 'POST', '/api/auth/logout', undefined)).statusCode).toBe(204);
  });

  it('ends an active session after 7 idle days', async () => {
    const answer = await signUp(testApp, newPhone(), '121212', { deviceId: newDeviceId() });
    testApp.clock.advance(7 * day - minute);
    expect((await currentSession({ token: answer.accessToken })).statusCode).toBe(200);
    testApp.clock.advance(7 * day - minute);
    expect((await currentSession({ token: answer.accessToken })).statusCode).toBe(200);
    testApp.clock.advance(7 * day);
    expect((await currentSession({ token: answer.accessToken })).statusCode).toBe(401);
  });

  it('ends an active session 30 days after sign-in however often it is used', async () => {
    const answer = await signUp(testApp, newPhone(), '121212', { deviceId: newDeviceId() });
    for (let week = 0; week < 4; week += 1) {
      testApp.clock.advance(7 * day - minute);
      expect((await currentSession({ token: answer.accessToken })).statusCode).toBe(200);
    }
    testApp.clock.advance(2 * day + 4 * minute);
    expect((await currentSession({ token: answer.accessToken })).statusCode).toBe(401);
  });

  it('ends a pending session after 10 minutes', async () => {
    const { answer } = await passCode(testApp, newPhone());
    testApp.clock.advance(9 * minute);
    expect((await currentSession({ token: answer.accessToken })).statusCode).toBe(200);
    testApp.clock.advance(minute);
    expect((await currentSession({ token: answer.accessToken })).statusCode).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const answer = await signUp(testApp, newPhone(), '121212', { deviceId: newDeviceId() });
    const lastSeen = async () =>
      (await testApp.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, answer.user.id)))
        .map((row) => row.lastSeenAt.getTime())
        .sort()
        .at(-1);
    const before = await lastSeen();
    testApp.clock.advance(30_000);
    await currentSession({ token: answer.accessToken });
    expect(await lastSeen()).toBe(before);
    testApp.clock.advance(30_000);
    await currentSession({ token: answer.accessToken });
    expect(await lastSeen()).toBe(testApp.clock.now().getTime());
  });
});

describe('merchant isolation', () => {
  it('does not accept a Kopi Senja session on another merchant’s site', async () => {
    const answer = await signUp(testApp, newPhone(), '121212', { deviceId: newDeviceId() });
    const response = await currentSession({ token: answer.accessToken, host: 'v2.localhost' });
    expect(response.statusCode).toBe(401);
  });

  it('makes the same phone two members at two merchants', async () => {
    const phone = newPhone();
    const kopi = await passCode(testApp, phone);
    const lumina = await passCode(testApp, phone, { host: 'v2.localhost' });
    expect(lumina.answer.isNewUser).toBe(true);
    expect(lumina.answer.user.id).not.toBe(kopi.answer.user.id);
    expect(lumina.answer.user.merchantId).not.toBe(kopi.answer.user.merchantId);
  });
});
