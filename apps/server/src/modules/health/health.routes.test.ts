import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppContext, createApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { createTestApp, testEnv, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('GET /api/health', () => {
  it('answers ok when the database answers, whatever the host', async () => {
    const response = await testApp.app.inject({ url: '/api/health', headers: { host: 'unknown.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database is gone', async () => {
    const lost = await openDatabase({ dataDir: 'memory://' });
    const app = await createApp({ env: testEnv(), database: lost.db });
    await lost.close();
    const response = await app.inject({ url: '/api/health' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers 503 once the instance is shutting down, though the database still answers', async () => {
    const env = testEnv();
    const context = buildAppContext({ env, database: testApp.db });
    const app = await createApp({ env, database: testApp.db, context });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    context.lifecycle.draining = true;
    const response = await app.inject({ url: '/api/health' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Shutting down' });
  });
});
