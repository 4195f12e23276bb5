import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp, testEnv } from '../test/test-app.ts';
import { fakeWebBuild, type FakeWebBuild } from '../test/web-build.ts';

let testApp: TestApp;
let builtApp: FastifyInstance;
let build: FakeWebBuild;

beforeAll(async () => {
  build = fakeWebBuild();
  testApp = await createTestApp();
  builtApp = await createApp({ env: testEnv({ WEB_DIST_DIR: build.dir }), database: testApp.db });
});
afterAll(async () => {
  await builtApp.close();
  await testApp.close();
  build.remove();
});

describe('web app', () => {
  it.each(['/', '/cards/123', '/cards/123/vouchers?utm_source=mail'])('answers %s with index.html, revalidated each time', async (url) => {
    const response = await builtApp.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(build.page);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await builtApp.inject({ url: build.asset });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const response = await builtApp.inject({ url: '/assets/gone-1234.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps unknown /api paths a JSON 404', async () => {
    const response = await builtApp.inject({ url: '/api/nope', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('says to build the web app when its folder is missing', async () => {
    const response = await testApp.app.inject({ url: '/cards/123' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
  });
});
