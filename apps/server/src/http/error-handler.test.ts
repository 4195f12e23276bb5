import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@kartu/contracts';
import { createApp } from '../app.ts';
import { createTestApp, testEnv, type TestApp } from '../test/test-app.ts';
import { AppError } from '../lib/app-error.ts';
import { toErrorBody } from './error-handler.ts';
import { isSiteApiCall } from './api-paths.ts';

let testApp: TestApp;
let limitedApp: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  const app = testApp.app.withTypeProvider<ZodTypeProvider>();
  app.post('/api/test/echo', { schema: { body: z.object({ name: z.string().min(2) }) } }, async (request) => request.body);
  app.get('/api/test/search', { schema: { querystring: z.object({ q: z.string() }) } }, async (request) => request.query);
  app.get('/api/test/broken', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
  });
  app.get('/api/test/conflict', async () => {
    throw new AppError('CONFLICT');
  });
  limitedApp = await createApp({ env: testEnv({ RATE_LIMIT_PER_MINUTE: '2' }), database: testApp.db });
});
afterAll(async () => {
  await limitedApp.close();
  await testApp.close();
});

const headers = { host: 'localhost' };

describe('error answers', () => {
  it('answers an unknown /api path with a 404 ROUTE_NOT_FOUND body', async () => {
    const response = await testApp.app.inject({ url: '/api/nope', headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'This page could not be found' });
  });

  it('answers a malformed JSON body with 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
  });

  it('answers a body that breaks the schema with 400 and the field and rule', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: { name: 'a' } });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual([expect.objectContaining({ field: 'body.name', rule: 'too_small' })]);
  });

  it('refuses NUL and half surrogate pairs in the fields a route reads, naming the field', async () => {
    const echo = (payload: string) => testApp.app.inject({ method: 'POST', url: '/api/test/echo', headers: { ...headers, 'content-type': 'application/json' }, payload });
    for (const [payload, field] of [
      ['{"name":"Bu\\u0000di"}', 'body.name'],
      ['{"name":"Budi\\ud800"}', 'body.name'],
      ['{"name":"Budi","tags":{"a\\u0000":"x"}}', 'body.tags.a?'],
    ]) {
      const response = await echo(payload!);
      expect([response.statusCode, response.json().details]).toEqual([400, [{ field, rule: 'invalid_characters', message: 'Contains characters that cannot be stored' }]]);
    }
    expect((await echo('{"name":"Budi 😀"}')).json()).toEqual({ name: 'Budi 😀' });
    const query = await testApp.app.inject({ url: '/api/test/search?q=a%00b', headers });
    expect([query.statusCode, query.json().details[0].field]).toEqual([400, 'query.q']);
    // A route that reads no query ignores one, whatever it holds.
    expect((await testApp.app.inject({ url: '/api/health?q=%00', headers })).statusCode).toBe(200);
  });

  it('answers a body nested ten thousand arrays deep with 400, not a stack overflow', async () => {
    const payload = `{"name":"Budi","deep":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const response = await testApp.app.inject({ method: 'POST', url: '/api/test/echo', headers: { ...headers, 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBeLessThan(500);
  });

  it('declares in the OpenAPI document the statuses any body or path parameter can meet', () => {
    const document = testApp.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const appPaths = Object.entries(document.paths).filter(([path]) => !path.startsWith('/api/test/'));
    expect(appPaths.length).toBeGreaterThan(30);
    for (const [path, operations] of appPaths) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        if (['post', 'put', 'patch'].includes(method)) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413', '415']));
        if (path.includes('{')) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '414']));
        // Any call under /api names its site by the host; an unknown host is answered 404 SITE_NOT_FOUND.
        if (isSiteApiCall(path)) expect(statuses, `${method} ${path}`).toContain('404');
      }
    }
  });

  it('answers an AppError with the status of its code', async () => {
    const response = await testApp.app.inject({ url: '/api/test/conflict', headers });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('answers an unexpected error with 500 INTERNAL and no internals', async () => {
    const response = await testApp.app.inject({ url: '/api/test/broken', headers });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers too many requests with 429 RATE_LIMITED', async () => {
    const statuses: number[] = [];
    let last = await limitedApp.inject({ url: '/api/site', headers });
    statuses.push(last.statusCode);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      last = await limitedApp.inject({ url: '/api/site', headers });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(errorBodySchema.parse(last.json()).code).toBe('RATE_LIMITED');
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('toErrorBody', () => {
  it('carries the attempts left and the lock times of sign-in errors', () => {
    const lockedUntil = new Date('2026-01-15T04:00:00.000Z');
    const currentTime = new Date('2026-01-15T03:00:00.000Z');
    expect(toErrorBody(new AppError('PIN_LOCKED', { lockedUntil, currentTime }))).toEqual({
      statusCode: 429,
      code: 'PIN_LOCKED',
      message: 'Your PIN is locked for 60 minutes because of too many wrong attempts',
      lockedUntil: '2026-01-15T04:00:00.000Z',
      currentTime: '2026-01-15T03:00:00.000Z',
    });
    expect(toErrorBody(new AppError('PIN_INVALID', { attemptsRemaining: 0 }))).toMatchObject({ attemptsRemaining: 0 });
  });
});
