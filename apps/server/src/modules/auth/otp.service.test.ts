import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkCredentialAnswerSchema, errorBodySchema, sessionAnswerSchema, signInAnswerSchema } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, latestCode, newDeviceId, newPhone, outboxFor, passCode, phoneBody } from './auth.test-support.ts';
import { oneTimeCodes } from './one-time-codes.table.ts';
import { users } from './users.table.ts';

let testApp: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (line) => logLines.push(line) } });
});
afterAll(async () => {
  await testApp.close();
});

const minute = 60_000;
// One browser per phone unless a test says otherwise: a code is entered where it was asked for.
const browsers = new Map<string, string>();
const browserOf = (phone: string) => browsers.get(phone) ?? browsers.set(phone, newDeviceId()).get(phone) ?? '';
const requestCode = (phone: string, extra: object = {}, deviceId = browserOf(phone)) =>
  call(testApp, 'POST', '/api/auth/check-credential', { ...phoneBody(phone), ...extra }, { deviceId });
const verify = (phone: string, otp: string, deviceId = browserOf(phone)) =>
  call(testApp, 'POST', '/api/auth/verify-otp', { ...phoneBody(phone), otp }, { deviceId });
function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('POST /api/auth/check-credential', () => {
  it('sends a 6-digit code that expires in 120 seconds, without putting it in the answer', async () => {
    const phone = newPhone();
    const response = await requestCode(phone);
    expect(response.statusCode).toBe(200);
    expect(checkCredentialAnswerSchema.parse(response.json())).toEqual({ expireIn: 120, requestRemaining: 2 });
    const code = await latestCode(testApp, phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(response.body).not.toContain(code);
  });

  it('stores a keyed hash of the code, never the code', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = await latestCode(testApp, phone);
    const rows = await testApp.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.identifier, `+62${phone.slice(1)}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.codeHash.length).toBeGreaterThan(30);
  });

  it('allows 3 requests (2, 1, 0 left), then locks requests for 3 minutes, then counts from 3 again', async () => {
    const phone = newPhone();
    const remaining = [];
    for (let request = 0; request < 3; request += 1) remaining.push(checkCredentialAnswerSchema.parse((await requestCode(phone)).json()).requestRemaining);
    expect(remaining).toEqual([2, 1, 0]);

    const locked = await requestCode(phone);
    expect(locked.statusCode).toBe(429);
    const body = errorBodySchema.parse(locked.json());
    expect(body.code).toBe('OTP_REQUESTS_LOCKED');
    expect(body.currentTime).toBe(testApp.clock.now().toISOString());
    expect(body.lockedUntil).toBe(new Date(testApp.clock.now().getTime() + 3 * minute).toISOString());

    testApp.clock.advance(2 * minute);
    expect((await requestCode(phone)).statusCode).toBe(429);
    testApp.clock.advance(minute);
    expect(checkCredentialAnswerSchema.parse((await requestCode(phone)).json()).requestRemaining).toBe(2);
  });

  it('treats 0812…, 62812… and +62812… as one number', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const second = await requestCode(`62${phone.slice(1)}`);
    const third = await requestCode(`+62${phone.slice(1)}`);
    expect([second.json(), third.json()].map((answer) => checkCredentialAnswerSchema.parse(answer).requestRemaining)).toEqual([1, 0]);
  });

  it('refuses an invalid phone number with the field and the spec message', async () => {
    const response = await requestCode('0812');
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid phone number, please try again' });
    expect(body.details?.[0]?.field).toBe('body.identifierValue');
  });

  it("refuses an invalid e-mail with 'Email is not valid'", async () => {
    const response = await call(
      testApp,
      'POST',
      '/api/auth/check-credential',
      { identifierType: 'email', identifierValue: 'not-an-email@' },
      { host: 'v2.localhost' },
    );
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).message).toBe('Email is not valid');
  });

  it('refuses the other kind of identifier than the merchant signs in with, and sends nothing', async () => {
    // Kopi Senja signs in by phone only; Lumina Beauty by e-mail and accepts phones too.
    const email = `someone-${newPhone()}@example.com`;
    const refused = await call(testApp, 'POST', '/api/auth/check-credential', { identifierType: 'email', identifierValue: email });
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Sign in with your phone number',
      details: [{ field: 'body.identifierType', rule: 'invalid_value' }],
    });
    expect(await outboxFor(testApp, email)).toEqual([]);

    for (const path of ['/api/auth/get-pin-info', '/api/auth/check-lock', '/api/auth/request-reset-pin']) {
      const answer = await call(testApp, 'POST', path, { identifierType: 'email', identifierValue: email });
      expect([path, answer.statusCode]).toEqual([path, 400]);
    }
    const login = await call(testApp, 'POST', '/api/auth/login-by-pin', { identifierType: 'email', identifierValue: email, pin: '135790' });
    expect(login.statusCode).toBe(400);

    const phone = newPhone();
    const accepted = await call(testApp, 'POST', '/api/auth/check-credential', phoneBody(phone), { host: 'v2.localhost' });
    expect(accepted.statusCode).toBe(200);
  });

  it('refuses a phone code for adding a phone without a session', async () => {
    const response = await requestCode(newPhone(), { type: 'register-phone' });
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).code).toBe('UNAUTHENTICATED');
  });

  it('answers a reset request for an unknown number the same way, without sending anything', async () => {
    const phone = newPhone();
    const response = await call(testApp, 'POST', '/api/auth/request-reset-pin', phoneBody(phone));
    expect(checkCredentialAnswerSchema.parse(response.json())).toEqual({ expireIn: 120, requestRemaining: 2 });
    expect(await outboxFor(testApp, phone)).toEqual([]);
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('creates the member and a pending session, with an HttpOnly SameSite=Lax cookie', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const response = await verify(phone, await latestCode(testApp, phone));
    expect(response.statusCode).toBe(200);
    const answer = signInAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ isNewUser: true, loginType: 'otp', pinRequired: true });
    expect(answer.user.phone).toBe(`+62${phone.slice(1)}`);
    expect(answer.expiresIn).toBe(600);

    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^kartu_session=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');

    const session = await call(testApp, 'GET', '/api/auth/session', undefined, { cookie: cookie.split(';')[0] });
    expect(sessionAnswerSchema.parse(session.json())).toMatchObject({ pinRequired: true, loginType: 'otp' });
  });

  it('finds the same member on the next sign-in', async () => {
    const phone = newPhone();
    const first = await passCode(testApp, phone);
    const second = await passCode(testApp, phone);
    expect(second.answer.isNewUser).toBe(false);
    expect(second.answer.user.id).toBe(first.answer.user.id);
    expect(second.answer.accessToken).not.toBe(first.answer.accessToken);
    // The earlier unfinished sign-in is replaced.
    const old = await call(testApp, 'GET', '/api/auth/session', undefined, { token: first.answer.accessToken });
    expect(old.statusCode).toBe(401);
  });

  it('accepts a code once', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = await latestCode(testApp, phone);
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(errorBodySchema.parse(again.json()).code).toBe('OTP_INVALID');
  });

  it('refuses a code after its 120 seconds with OTP_EXPIRED', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = await latestCode(testApp, phone);
    testApp.clock.advance(120_000);
    const response = await verify(phone, code);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).code).toBe('OTP_EXPIRED');
  });

  it('accepts only the newest code once a new one was sent', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const older = await latestCode(testApp, phone);
    await requestCode(phone);
    const newer = await latestCode(testApp, phone);
    if (older !== newer) expect(errorBodySchema.parse((await verify(phone, older)).json()).code).toBe('OTP_INVALID');
    expect((await verify(phone, newer)).statusCode).toBe(200);
  });

  it('counts wrong codes (2, then 1 left) and locks sign-in for 1 hour on the third', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = await latestCode(testApp, phone);
    const first = errorBodySchema.parse((await verify(phone, wrongCodeFor(code))).json());
    expect(first).toMatchObject({ code: 'OTP_INVALID', attemptsRemaining: 2 });
    expect(first.message).toContain('2 attempts left');
    expect(errorBodySchema.parse((await verify(phone, wrongCodeFor(code))).json())).toMatchObject({ attemptsRemaining: 1 });

    const locked = await verify(phone, wrongCodeFor(code));
    expect(locked.statusCode).toBe(429);
    const body = errorBodySchema.parse(locked.json());
    expect(body.code).toBe('LOGIN_LOCKED');
    expect(body.lockedUntil).toBe(new Date(testApp.clock.now().getTime() + 60 * minute).toISOString());

    // While locked even the right code is refused, and no new code is sent.
    expect((await verify(phone, code)).statusCode).toBe(429);
    expect(errorBodySchema.parse((await requestCode(phone)).json()).code).toBe('LOGIN_LOCKED');

    testApp.clock.advance(60 * minute);
    await requestCode(phone);
    expect((await verify(phone, await latestCode(testApp, phone))).statusCode).toBe(200);
  });

  it('does not reset the wrong-code count when a new code is requested', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = await latestCode(testApp, phone);
    await verify(phone, wrongCodeFor(code));
    await verify(phone, wrongCodeFor(code));
    await requestCode(phone);
    const newer = await latestCode(testApp, phone);
    const third = await verify(phone, wrongCodeFor(newer));
    expect(errorBodySchema.parse(third.json()).code).toBe('LOGIN_LOCKED');
  });

  it('leaves the member’s sign-in open whatever a stranger enters: a code entered where none was sent counts against nobody', async () => {
    const phone = newPhone();
    const stranger = newDeviceId();
    for (let guess = 0; guess < 5; guess += 1) {
      const answer = await verify(phone, String(100_000 + guess), stranger);
      expect(answer.statusCode).toBe(400);
      expect(errorBodySchema.parse(answer.json())).toEqual(expect.objectContaining({ code: 'OTP_INVALID', message: 'Your verification code is not valid' }));
      expect(errorBodySchema.parse(answer.json()).attemptsRemaining).toBeUndefined();
    }
    // The member asks for a code on their own phone, sees no lock, and signs in.
    await requestCode(phone);
    const { lockedUntil } = (await call(testApp, 'POST', '/api/auth/is-locked', phoneBody(phone), { deviceId: browserOf(phone) })).json() as { lockedUntil: string | null };
    expect(lockedUntil).toBeNull();
    // The stranger's guesses at the member's code count against nobody either.
    for (let guess = 0; guess < 4; guess += 1) expect((await verify(phone, '000000', stranger)).statusCode).toBe(400);
    expect((await verify(phone, await latestCode(testApp, phone))).statusCode).toBe(200);
  });

  it('locks only the device whose three wrong codes they were, and the member signs in on their own', async () => {
    const phone = newPhone();
    const stranger = newDeviceId();
    await requestCode(phone, {}, stranger);
    const code = await latestCode(testApp, phone);
    for (let guess = 0; guess < 2; guess += 1) await verify(phone, wrongCodeFor(code), stranger);
    expect((await verify(phone, wrongCodeFor(code), stranger)).statusCode).toBe(429);
    expect(errorBodySchema.parse((await requestCode(phone, {}, stranger)).json()).code).toBe('LOGIN_LOCKED');
    const strangerState = (await call(testApp, 'POST', '/api/auth/is-locked', phoneBody(phone), { deviceId: stranger })).json() as { isLocked: boolean };
    expect(strangerState.isLocked).toBe(true);

    expect((await requestCode(phone)).statusCode).toBe(200);
    expect((await verify(phone, await latestCode(testApp, phone))).statusCode).toBe(200);
  });

  it('refuses a code that is not 6 digits as a validation error', async () => {
    const response = await verify(newPhone(), '12ab');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
  });
});

describe('secrets in logs', () => {
  it('never writes codes, PINs or tokens to the log', async () => {
    const phone = newPhone();
    const { answer } = await passCode(testApp, phone, { deviceId: newDeviceId() });
    const code = (await outboxFor(testApp, phone))[0]?.code ?? 'missing';
    await call(testApp, 'POST', '/api/auth/register-pin', { pin: '135790' }, { token: answer.accessToken });
    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(0);
    // A 6-digit secret on its own, not six digits inside a timestamp or a duration like 12.345678.
    const standalone = (digits: string) => new RegExp(`(?<![\\d.])${digits}(?!\\d)`);
    expect(log).not.toMatch(standalone(code));
    expect(log).not.toMatch(standalone('135790'));
    expect(log).not.toContain(answer.accessToken);
  });

  it('keeps the user row free of the PIN', async () => {
    const rows = await testApp.db.select({ pinHash: users.pinHash }).from(users);
    expect(rows.some((row) => row.pinHash?.includes('135790'))).toBe(false);
  });
});
