import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, newDeviceId, newPhone, phoneBody, signUp } from './auth.test-support.ts';
import * as pinHash from './pin-hash.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('PIN attempts at the same time', () => {
  it('checks at most 3 of 20 concurrent wrong PINs: 2 PIN_INVALID, then 18 PIN_LOCKED', async () => {
    const phone = newPhone();
    const deviceId = newDeviceId();
    await signUp(testApp, phone, '864209', { deviceId });
    // Counts the real scrypt checks, so the test sees how many PINs were actually compared.
    const verifyPinHash = vi.spyOn(pinHash, 'verifyPinHash');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(testApp, 'POST', '/api/auth/login-by-pin', { ...phoneBody(phone), pin: '000000' }, { deviceId })),
    );
    const codes = answers.map((answer) => errorBodySchema.parse(answer.json()).code);
    expect(codes.filter((code) => code === 'PIN_INVALID')).toHaveLength(2);
    expect(codes.filter((code) => code === 'PIN_LOCKED')).toHaveLength(18);
    expect(verifyPinHash).toHaveBeenCalledTimes(3);
    verifyPinHash.mockRestore();
  });
});
