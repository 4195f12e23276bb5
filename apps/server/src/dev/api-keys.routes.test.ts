import { describe, expect, it } from 'vitest';
import { callIntegration } from '../integration/integration.test-support.ts';
import { type TestApp, useTestApp } from '../test/test-app.ts';

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));

describe('POST /api/dev/api-keys', () => {
  it("makes a working key of the Host's merchant", async () => {
    const made = await testApp.app.inject({ method: 'POST', url: '/api/dev/api-keys', headers: { host: 'localhost' } });
    expect(made.statusCode).toBe(201);
    const { key } = made.json() as { key: string };
    const programs = await callIntegration(testApp, 'GET', '/programs/5eed0000-0000-4000-8000-000000000001/products', { key });
    expect(programs.statusCode).toBe(200);
  });
});
