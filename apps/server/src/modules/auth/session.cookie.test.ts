import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SESSION_COOKIE } from './auth.constants.ts';
import { newDeviceId, newPhone, passCode } from './auth.test-support.ts';

// Behind https (PUBLIC_URL), the session cookie must never travel over plain http.
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { PUBLIC_URL: 'https://wallet.example' } });
});
afterAll(async () => {
  await testApp.close();
});

describe('the session cookie behind https', () => {
  it('is Secure, HttpOnly and SameSite=Lax', async () => {
    const { response } = await passCode(testApp, newPhone(), { deviceId: newDeviceId() });
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});
