import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@kartu/contracts';
import { createApp } from '../app.ts';
import { createTestApp, testEnv, type TestApp } from '../test/test-app.ts';
import { AppError } from '../lib/app-error.ts';
import { toErrorBody } from './error-handler.ts';

let testApp: TestApp;
let limitedApp: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  const app = testApp.app.withTypeProvider<ZodTypeProvider>();
  app.post('/api/test/echo', { schema: { body: z.object({ name: z.string().min(2) }) } }, async (request) => request.body);
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
