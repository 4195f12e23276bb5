import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { NODE_ENV: 'production' } });
});
afterAll(async () => {
  await testApp.close();
});

describe('development outbox in production', () => {
  it('does not exist', async () => {
    const api = await testApp.app.inject({ url: '/api/dev/outbox', headers: { host: 'localhost' } });
    expect(api.statusCode).toBe(404);
    const page = await testApp.app.inject({ url: '/dev/outbox', headers: { host: 'localhost' } });
    expect(page.body).not.toContain('Development outbox');
  });

  it('makes no integration keys', async () => {
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/dev/api-keys', headers: { host: 'localhost' } });
    expect(answer.statusCode).toBe(404);
  });
});

describe('the API document in production', () => {
  // docs/decisions/029: merchants' developers integrate against it; it lists no development route.
  it('is served, and describes no route that production does not have', async () => {
    const answer = await testApp.app.inject({ url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    const paths = Object.keys(answer.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/integration/v1/purchases', '/api/site']));
    expect(paths.filter((path) => path.startsWith('/api/dev'))).toEqual([]);
  });
});
