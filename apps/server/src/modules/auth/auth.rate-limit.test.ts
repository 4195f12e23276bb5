import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, newPhone, phoneBody } from './auth.test-support.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } });
});
afterAll(async () => {
  await testApp.close();
});

describe('sign-in rate limit', () => {
  it('answers 429 RATE_LIMITED once an address passes AUTH_RATE_LIMIT_PER_MINUTE on a sign-in route', async () => {
    const statuses = [];
    for (let request = 0; request < 6; request += 1) {
      statuses.push((await call(testApp, 'POST', '/api/auth/is-locked', phoneBody(newPhone()))).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await call(testApp, 'POST', '/api/auth/is-locked', phoneBody(newPhone()));
    expect(limited.statusCode).toBe(429);
    expect(errorBodySchema.parse(limited.json()).code).toBe('RATE_LIMITED');
    // Other parts of the API keep the app-wide limit.
    expect((await call(testApp, 'GET', '/api/site', undefined)).statusCode).toBe(200);
  });
});
