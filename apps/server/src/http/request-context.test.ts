import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.ts';
import { createTestApp, testEnv, type TestApp } from '../test/test-app.ts';
import { parseGeo, parseTimeZone } from './request-context.ts';

let testApp: TestApp;
let proxiedApp: FastifyInstance;

function addContextEcho(app: FastifyInstance): void {
  app.get('/api/test/context', async (request) => ({
    host: request.site?.host,
    brand: request.merchant?.brand,
    geo: request.geo,
    timeZone: request.timeZone,
  }));
}

beforeAll(async () => {
  testApp = await createTestApp();
  addContextEcho(testApp.app);
  proxiedApp = await createApp({ env: testEnv({ TRUST_PROXY: 'true' }), database: testApp.db });
  addContextEcho(proxiedApp);
});
afterAll(async () => {
  await proxiedApp.close();
  await testApp.close();
});

describe('parseGeo', () => {
  it('reads a position when both coordinates are valid', () => {
    expect(parseGeo('-6.2', '106.816666')).toEqual({ latitude: -6.2, longitude: 106.816666 });
  });

  it.each([
    ['91', '10'],
    ['10', '-180.5'],
    ['abc', '10'],
    ['', '10'],
    ['10', undefined],
    ['Infinity', '10'],
    ['NaN', '10'],
    ['1e2', '10'],
  ])('ignores latitude %s with longitude %s', (latitude, longitude) => {
    expect(parseGeo(latitude, longitude)).toBeNull();
  });
});

describe('parseTimeZone', () => {
  it('accepts an IANA zone', () => {
    expect(parseTimeZone('Asia/Makassar')).toBe('Asia/Makassar');
  });

  it.each(['Mars/Olympus', 'not a zone', '', undefined])('rejects %s', (zone) => {
    expect(parseTimeZone(zone)).toBeNull();
  });
});

describe('request context', () => {
  it('gives routes the site, merchant, position and time zone of the request', async () => {
    const response = await testApp.app.inject({
      url: '/api/test/context',
      headers: { host: 'v2.localhost:5173', 'x-latitude': '-6.2', 'x-longitude': '106.8', 'x-timezone': 'Asia/Tokyo' },
    });
    expect(response.json()).toEqual({
      host: 'v2.localhost',
      brand: 'Lumina Beauty',
      geo: { latitude: -6.2, longitude: 106.8 },
      timeZone: 'Asia/Tokyo',
    });
  });

  it("falls back to the merchant's time zone and no position", async () => {
    const response = await testApp.app.inject({
      url: '/api/test/context',
      headers: { host: 'localhost', 'x-latitude': '500', 'x-longitude': '1', 'x-timezone': 'Nowhere/Land' },
    });
    expect(response.json()).toMatchObject({ geo: null, timeZone: 'Asia/Jakarta' });
  });

  it('ignores X-Forwarded-Host when no proxy is trusted', async () => {
    const spoofed = await testApp.app.inject({
      url: '/api/site',
      headers: { host: 'nope.example', 'x-forwarded-host': 'localhost' },
    });
    expect(spoofed.statusCode).toBe(404);
    expect(spoofed.json()).toMatchObject({ code: 'SITE_NOT_FOUND' });

    const response = await testApp.app.inject({
      url: '/api/test/context',
      headers: { host: 'localhost', 'x-forwarded-host': 'v2.localhost' },
    });
    expect(response.json()).toMatchObject({ host: 'localhost', brand: 'Kopi Senja' });
  });

  it('honours X-Forwarded-Host behind a trusted proxy', async () => {
    const response = await proxiedApp.inject({
      url: '/api/test/context',
      headers: { host: 'internal:3000', 'x-forwarded-host': 'v2.localhost' },
    });
    expect(response.json()).toMatchObject({ host: 'v2.localhost', brand: 'Lumina Beauty' });
  });
});
