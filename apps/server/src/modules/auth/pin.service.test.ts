import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema, sessionAnswerSchema, signInAnswerSchema } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { jobs } from '../jobs/jobs.table.ts';
import { outboxMessages } from '../outbox/outbox-messages.table.ts';
import { call, latestCode, newDeviceId, newPhone, outboxFor, passCode, phoneBody, signUp } from './auth.test-support.ts';
import { users } from './users.table.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const minute = 60_000;
const loginByPin = (phone: string, pin: string, options: { deviceId?: string; token?: string } = {}) =>
  call(testApp, 'POST', '/api/auth/login-by-pin', { ...phoneBody(phone), pin }, options);
const errorOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json());

describe('POST /api/auth/register-pin', () => {
  it('sets the first PIN, trusts the device and activates the session with a new token', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    const { answer: pending } = await passCode(testApp, phone, { deviceId });
    const response = await call(testApp, 'POST', '/api/auth/register-pin', { pin: '246810' }, { deviceId, token: pending.accessToken });
    expect(response.statusCode).toBe(200);
    const answer = signInAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ pinRequired: false, isNewUser: true });
    expect(answer.accessToken).not.toBe(pending.accessToken);
    expect(String(response.headers['set-cookie'])).toContain(`kartu_session=${answer.accessToken}`);
    expect((await call(testApp, 'GET', '/api/auth/session', undefined, { token: pending.accessToken })).statusCode).toBe(401);
    const session = sessionAnswerSchema.parse((await call(testApp, 'GET', '/api/auth/session', undefined, { token: answer.accessToken })).json());
    expect(session.pinRequired).toBe(false);
    expect((await loginByPin(phone, '246810', { deviceId })).statusCode).toBe(200);
  });

  it('stores the PIN as scrypt with its own salt, never as typed', async () => {
    const phone = newPhone();
    const answer = await signUp(testApp, phone, '112233', { deviceId: newDeviceId() });
    const [row] = await testApp.db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, answer.user.id));
    expect(row?.pinHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row?.pinHash).not.toContain('112233');
  });

  it('refuses a second first PIN with 409 PIN_ALREADY_SET', async () => {
    const answer = await signUp(testApp, newPhone(), '112233', { deviceId: newDeviceId() });
    const response = await call(testApp, 'POST', '/api/pin/create', { pin: '445566' }, { token: answer.accessToken });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('PIN_ALREADY_SET');
  });

  it('answers 401 LOGIN_PENDING when a pending session calls a normal endpoint', async () => {
    const { answer } = await passCode(testApp, newPhone());
    const response = await call(testApp, 'PATCH', '/api/pin/change', { pin: '111111', newPin: '222222' }, { token: answer.accessToken });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('LOGIN_PENDING');
  });
});

describe('POST /api/auth/login-by-pin', () => {
  it('opens an active PIN session on a trusted device', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    await signUp(testApp, phone, '975310', { deviceId });
    const response = await loginByPin(`+62${phone.slice(1)}`, '975310', { deviceId });
    expect(response.statusCode).toBe(200);
    const answer = signInAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ loginType: 'pin', pinRequired: false, isNewUser: false });
    expect((await call(testApp, 'GET', '/api/auth/session', undefined, { token: answer.accessToken })).statusCode).toBe(200);
  });

  it('answers 403 NEW_DEVICE on an unknown device, known number or not, and lets it in after a code', async () => {
    const phone = newPhone();
    await signUp(testApp, phone, '975310', { deviceId: newDeviceId() });
    const laptop = newDeviceId();
    expect(errorOf(await loginByPin(phone, '975310', { deviceId: laptop })).code).toBe('NEW_DEVICE');
    expect(errorOf(await loginByPin(newPhone(), '975310', { deviceId: laptop })).code).toBe('NEW_DEVICE');

    const { answer: pending } = await passCode(testApp, phone, { deviceId: laptop });
    expect(pending.pinRequired).toBe(true);
    const completed = await loginByPin(phone, '975310', { deviceId: laptop, token: pending.accessToken });
    expect(completed.statusCode).toBe(200);
    expect(signInAnswerSchema.parse(completed.json()).pinRequired).toBe(false);
    // The laptop is now trusted: the PIN alone works there.
    expect((await loginByPin(phone, '975310', { deviceId: laptop })).statusCode).toBe(200);
  });

  it('counts wrong PINs (2, then 1 left), locks for 60 minutes on the third, then accepts the PIN again', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    await signUp(testApp, phone, '975310', { deviceId });
    expect(errorOf(await loginByPin(phone, '000000', { deviceId }))).toMatchObject({ code: 'PIN_INVALID', attemptsRemaining: 2 });
    expect(errorOf(await loginByPin(phone, '000000', { deviceId }))).toMatchObject({ code: 'PIN_INVALID', attemptsRemaining: 1 });
    const locked = await loginByPin(phone, '000000', { deviceId });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toMatchObject({
      code: 'PIN_LOCKED',
      lockedUntil: new Date(testApp.clock.now().getTime() + 60 * minute).toISOString(),
      currentTime: testApp.clock.now().toISOString(),
    });
    // While locked the right PIN is not even checked.
    testApp.clock.advance(59 * minute);
    expect((await loginByPin(phone, '975310', { deviceId })).statusCode).toBe(429);
    testApp.clock.advance(minute);
    expect((await loginByPin(phone, '975310', { deviceId })).statusCode).toBe(200);
    // Success starts the count again.
    expect(errorOf(await loginByPin(phone, '000000', { deviceId })).attemptsRemaining).toBe(2);
  });
});

describe('PATCH /api/pin/change', () => {
  it('changes the PIN with the current one (204) and refuses the old one afterwards', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    const answer = await signUp(testApp, phone, '123123', { deviceId });
    const response = await call(testApp, 'PATCH', '/api/pin/change', { pin: '123123', newPin: '456456' }, { token: answer.accessToken });
    expect(response.statusCode).toBe(204);
    expect((await loginByPin(phone, '123123', { deviceId })).statusCode).toBe(400);
    expect((await loginByPin(phone, '456456', { deviceId })).statusCode).toBe(200);
  });

  it("tells the member by a text in the language of their sign-in, queued for delivery", async () => {
    const phone = newPhone();
    const answer = await signUp(testApp, phone, '123123', { deviceId: newDeviceId(), language: 'id' });
    await call(testApp, 'PATCH', '/api/pin/change', { pin: '123123', newPin: '456456' }, { token: answer.accessToken });
    const notices = (await outboxFor(testApp, phone)).filter((message) => message.purpose === 'pin-changed');
    expect(notices).toEqual([expect.objectContaining({ code: null, text: expect.stringContaining('PIN akun Anda baru saja diubah') })]);
    const [notice] = await testApp.db.select().from(outboxMessages).where(eq(outboxMessages.id, notices[0]?.id ?? ''));
    expect(notice).toMatchObject({ channel: 'sms', status: 'queued', language: 'id' });
    expect(await testApp.db.select().from(jobs).where(eq(jobs.key, `outbox:${notice?.id}`))).toHaveLength(1);
  });

  it('changes nothing and tells no one when the current PIN is wrong', async () => {
    const phone = newPhone();
    const answer = await signUp(testApp, phone, '123123', { deviceId: newDeviceId() });
    await call(testApp, 'PATCH', '/api/pin/change', { pin: '999999', newPin: '456456' }, { token: answer.accessToken });
    expect((await outboxFor(testApp, phone)).filter((message) => message.purpose === 'pin-changed')).toEqual([]);
  });

  it('signs out every other session of the member, keeping the one that changed the PIN', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    const first = await signUp(testApp, phone, '123123', { deviceId });
    const second = signInAnswerSchema.parse((await loginByPin(phone, '123123', { deviceId })).json());
    const changed = await call(testApp, 'PATCH', '/api/pin/change', { pin: '123123', newPin: '456456' }, { token: first.accessToken });
    expect(changed.statusCode).toBe(204);
    expect((await call(testApp, 'GET', '/api/auth/session', undefined, { token: first.accessToken })).statusCode).toBe(200);
    expect((await call(testApp, 'GET', '/api/auth/session', undefined, { token: second.accessToken })).statusCode).toBe(401);
  });

  it('counts a wrong current PIN toward the lock', async () => {
    const answer = await signUp(testApp, newPhone(), '123123', { deviceId: newDeviceId() });
    const change = () => call(testApp, 'PATCH', '/api/pin/change', { pin: '999999', newPin: '456456' }, { token: answer.accessToken });
    expect(errorOf(await change())).toMatchObject({ code: 'PIN_INVALID', attemptsRemaining: 2 });
    await change();
    expect(errorOf(await change()).code).toBe('PIN_LOCKED');
  });

  it('refuses a new PIN equal to the current one', async () => {
    const answer = await signUp(testApp, newPhone(), '123123', { deviceId: newDeviceId() });
    const response = await call(testApp, 'PATCH', '/api/pin/change', { pin: '123123', newPin: '123123' }, { token: answer.accessToken });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.[0]?.field).toBe('body.newPin');
  });
});

describe('PIN reset', () => {
  it('sends a reset code, opens a reset session, sets the new PIN and clears the PIN lock', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    await signUp(testApp, phone, '123123', { deviceId });
    for (let attempt = 0; attempt < 3; attempt += 1) await loginByPin(phone, '000000', { deviceId });
    expect((await loginByPin(phone, '123123', { deviceId })).statusCode).toBe(429);

    const laptop = newDeviceId();
    const requested = await call(testApp, 'POST', '/api/auth/request-reset-pin', phoneBody(phone), { deviceId: laptop });
    expect(requested.statusCode).toBe(200);
    const otp = await latestCode(testApp, phone);
    const verified = await call(testApp, 'POST', '/api/auth/verify-pin-otp', { ...phoneBody(phone), otp }, { deviceId: laptop });
    expect(verified.statusCode).toBe(200);
    const pending = signInAnswerSchema.parse(verified.json());
    expect(pending.pinRequired).toBe(true);
    // A reset session is not a sign-in: normal endpoints stay closed.
    expect(errorOf(await call(testApp, 'PATCH', '/api/pin/change', { pin: '123123', newPin: '654321' }, { token: pending.accessToken })).code).toBe(
      'LOGIN_PENDING',
    );

    const reset = await call(testApp, 'POST', '/api/pin/reset', { pin: '654321' }, { deviceId: laptop, token: pending.accessToken });
    expect(reset.statusCode).toBe(200);
    expect(signInAnswerSchema.parse(reset.json())).toMatchObject({ loginType: 'otp', pinRequired: false });
    expect((await loginByPin(phone, '654321', { deviceId })).statusCode).toBe(200);
    expect((await loginByPin(phone, '654321', { deviceId: laptop })).statusCode).toBe(200);
    expect((await outboxFor(testApp, phone)).filter((message) => message.purpose === 'pin-changed')).toHaveLength(1);
  });

  it('signs out every other session of the member, keeping the one that reset the PIN', async () => {
    const phone = newPhone();
    const phoneDevice = newDeviceId();
    const signedIn = await signUp(testApp, phone, '123123', { deviceId: phoneDevice });
    const laptop = newDeviceId();
    await call(testApp, 'POST', '/api/auth/request-reset-pin', phoneBody(phone), { deviceId: laptop });
    const verified = await call(testApp, 'POST', '/api/auth/verify-pin-otp', { ...phoneBody(phone), otp: await latestCode(testApp, phone) }, { deviceId: laptop });
    const pending = signInAnswerSchema.parse(verified.json());
    const reset = signInAnswerSchema.parse((await call(testApp, 'POST', '/api/pin/reset', { pin: '654321' }, { deviceId: laptop, token: pending.accessToken })).json());
    expect((await call(testApp, 'GET', '/api/auth/session', undefined, { token: signedIn.accessToken })).statusCode).toBe(401);
    expect((await call(testApp, 'GET', '/api/auth/session', undefined, { token: reset.accessToken })).statusCode).toBe(200);
  });

  it('refuses /api/pin/reset from a session that is not a reset', async () => {
    const { answer } = await passCode(testApp, newPhone());
    const response = await call(testApp, 'POST', '/api/pin/reset', { pin: '654321' }, { token: answer.accessToken });
    expect(response.statusCode).toBe(403);
  });
});
