import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, lockStateSchema, lockedAnswerSchema, pinInfoAnswerSchema, sessionAnswerSchema, signInAnswerSchema, userIdInfoAnswerSchema } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, passCode, latestCode, newDeviceId, newPhone, phoneBody, signUp } from './auth.test-support.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const lumina = 'v2.localhost';
const minute = 60_000;
const pinInfo = async (body: object, options: { deviceId?: string; token?: string; host?: string } = {}) =>
  pinInfoAnswerSchema.parse((await call(testApp, 'POST', '/api/auth/get-pin-info', body, options)).json());
const emailBody = (email: string) => ({ identifierType: 'email', identifierValue: email }) as const;

/** An e-mail member of Lumina Beauty with a PIN, signed in. */
async function emailMember() {
  const email = `rina.${randomBytes(4).toString('hex')}@example.com`;
  const deviceId = newDeviceId();
  await call(testApp, 'POST', '/api/auth/check-credential', emailBody(email), { host: lumina, deviceId });
  const otp = await latestCode(testApp, email, lumina);
  const pending = signInAnswerSchema.parse((await call(testApp, 'POST', '/api/auth/verify-otp', { ...emailBody(email), otp }, { host: lumina, deviceId })).json());
  const active = signInAnswerSchema.parse(
    (await call(testApp, 'POST', '/api/auth/register-pin', { pin: '202020' }, { host: lumina, deviceId, token: pending.accessToken })).json(),
  );
  return { email, deviceId, token: active.accessToken };
}

describe('POST /api/auth/get-pin-info', () => {
  it('answers an unknown number like a member without a PIN on a new device', async () => {
    expect(await pinInfo(phoneBody(newPhone()), { deviceId: newDeviceId() })).toEqual({ needSetPin: true, needSetPhone: false, isNewDevice: true });
  });

  it('tells a trusted device of the member that the PIN pad can open, and a new browser nothing an unknown number would not get', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    await signUp(testApp, phone, '303030', { deviceId });
    expect(await pinInfo(phoneBody(phone), { deviceId })).toEqual({ needSetPin: false, needSetPhone: false, isNewDevice: false });
    const unknown = await pinInfo(phoneBody(newPhone()), { deviceId: newDeviceId() });
    expect(await pinInfo(phoneBody(phone), { deviceId: newDeviceId() })).toEqual(unknown);
    expect(await pinInfo(phoneBody(phone))).toEqual(unknown);
  });

  it('tells a browser that passed the code whether a PIN must be created', async () => {
    const phone = newPhone();
    await signUp(testApp, phone, '303030', { deviceId: newDeviceId() });
    const browser = newDeviceId();
    const { answer } = await passCode(testApp, phone, { deviceId: browser });
    expect(answer.pinRequired).toBe(true);
    expect(await pinInfo(phoneBody(phone), { deviceId: browser, token: answer.accessToken })).toEqual({ needSetPin: false, needSetPhone: false, isNewDevice: true });
  });

  it('tells needSetPhone only to the signed-in e-mail member without a phone', async () => {
    const member = await emailMember();
    expect((await pinInfo(emailBody(member.email), { host: lumina, deviceId: member.deviceId })).needSetPhone).toBe(false);
    expect((await pinInfo(emailBody(member.email), { host: lumina, deviceId: member.deviceId, token: member.token })).needSetPhone).toBe(true);
  });
});

describe('adding a phone to an e-mail member', () => {
  it('sets the phone after its code, and refuses a phone another member has with 409 PHONE_TAKEN', async () => {
    const member = await emailMember();
    const phone = newPhone();
    const options = { host: lumina, token: member.token, deviceId: member.deviceId };
    const sent = await call(testApp, 'POST', '/api/auth/check-credential', { ...phoneBody(phone), type: 'register-phone' }, options);
    expect(sent.statusCode).toBe(200);
    const otp = await latestCode(testApp, phone, lumina);
    const verified = await call(testApp, 'POST', '/api/auth/verify-otp', { ...phoneBody(phone), type: 'register-phone', otp }, options);
    expect(verified.statusCode).toBe(200);
    expect(sessionAnswerSchema.parse(verified.json())).toMatchObject({ needSetPhone: false, user: { phone: `+62${phone.slice(1)}` } });

    const other = await emailMember();
    const otherOptions = { host: lumina, token: other.token, deviceId: other.deviceId };
    await call(testApp, 'POST', '/api/auth/check-credential', { ...phoneBody(phone), type: 'register-phone' }, otherOptions);
    const otherOtp = await latestCode(testApp, phone, lumina);
    const taken = await call(testApp, 'POST', '/api/auth/verify-otp', { ...phoneBody(phone), type: 'register-phone', otp: otherOtp }, otherOptions);
    expect(taken.statusCode).toBe(409);
    expect(errorBodySchema.parse(taken.json()).code).toBe('PHONE_TAKEN');
  });
});

describe('lock state', () => {
  it('reports the PIN lock on /locked, /is-locked and /check-lock, and unknown numbers unlocked', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    await signUp(testApp, phone, '303030', { deviceId });
    const isLocked = async (path: string, body: object) => lockStateSchema.parse((await call(testApp, 'POST', path, body)).json());

    expect(lockedAnswerSchema.parse((await call(testApp, 'POST', '/api/auth/locked', { phone })).json())).toEqual({ userLocked: false });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await call(testApp, 'POST', '/api/auth/login-by-pin', { ...phoneBody(phone), pin: '000000' }, { deviceId });
    }
    const lockedUntil = new Date(testApp.clock.now().getTime() + 60 * minute).toISOString();
    expect(lockedAnswerSchema.parse((await call(testApp, 'POST', '/api/auth/locked', { phone })).json())).toEqual({ userLocked: true });
    expect(await isLocked('/api/auth/is-locked', phoneBody(phone))).toEqual({ isLocked: true, lockedUntil, currentTime: testApp.clock.now().toISOString() });
    expect((await isLocked('/api/auth/check-lock', phoneBody(phone))).lockedUntil).toBe(lockedUntil);
    expect(await isLocked('/api/auth/is-locked', phoneBody(newPhone()))).toMatchObject({ isLocked: false, lockedUntil: null });
  });

  it('includes the code-request lock in /check-lock only', async () => {
    const phone = newPhone();
    for (let request = 0; request < 4; request += 1) await call(testApp, 'POST', '/api/auth/check-credential', phoneBody(phone));
    const checkLock = lockStateSchema.parse((await call(testApp, 'POST', '/api/auth/check-lock', phoneBody(phone))).json());
    const isLocked = lockStateSchema.parse((await call(testApp, 'POST', '/api/auth/is-locked', phoneBody(phone))).json());
    expect(checkLock.isLocked).toBe(true);
    expect(isLocked.isLocked).toBe(false);
  });
});

describe('POST /api/auth/get-user-id-info', () => {
  const info = (userId: string, options: { deviceId?: string; token?: string; host?: string }) =>
    call(testApp, 'POST', '/api/auth/get-user-id-info', { userId }, options);

  it('tells a new member between the code and the PIN which account the PIN is for, and no more once it is set', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    const { answer: pending } = await passCode(testApp, phone, { deviceId });
    const before = await info(pending.user.maskedId, { deviceId, token: pending.accessToken });
    expect(before.statusCode).toBe(200);
    const national = phone.slice(1);
    expect(userIdInfoAnswerSchema.parse(before.json()).info).toMatchObject({
      userId: pending.user.maskedId,
      hasPin: false,
      pinRequired: true,
      maskedPhone: `+62 ${national.slice(0, 3)}-****-${national.slice(-4)}`,
      maskedEmail: null,
    });
    const active = signInAnswerSchema.parse((await call(testApp, 'POST', '/api/auth/register-pin', { pin: '404040' }, { deviceId, token: pending.accessToken })).json());
    const after = userIdInfoAnswerSchema.parse((await info(active.user.maskedId, { deviceId, token: active.accessToken })).json()).info;
    expect(after).toMatchObject({ hasPin: true, pinRequired: false });
    expect(JSON.stringify(after)).not.toContain(national);
  });

  it('masks an e-mail member\'s address', async () => {
    const member = await emailMember();
    const session = sessionAnswerSchema.parse((await call(testApp, 'GET', '/api/auth/session', undefined, { host: lumina, token: member.token })).json());
    const answer = userIdInfoAnswerSchema.parse((await info(session.user.maskedId, { host: lumina, token: member.token })).json());
    expect(answer.info.maskedEmail).toBe(`r****@example.com`);
  });

  it('answers another member\'s id exactly like an id of nobody, and nothing without a session', async () => {
    const stranger = await signUp(testApp, newPhone(), '505050', { deviceId: newDeviceId() });
    const deviceId = newDeviceId();
    const member = await signUp(testApp, newPhone(), '606060', { deviceId });
    const theirs = await info(stranger.user.maskedId, { deviceId, token: member.accessToken });
    const nobodys = await info('ZZZZZZZZZZZZ', { deviceId, token: member.accessToken });
    expect(theirs.statusCode).toBe(404);
    expect(errorBodySchema.parse(theirs.json()).code).toBe('USER_NOT_FOUND');
    expect(theirs.json()).toEqual(nobodys.json());
    expect((await info(member.user.maskedId, { deviceId })).statusCode).toBe(401);
  });
});
