import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { apiTags, integrationSecurityScheme } from './openapi.ts';
import { memberBearerScheme, memberSessionScheme } from './route-security.ts';

// The API document as a merchant's developer or a second client reads it: who may call what.

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
}

let testApp: TestApp;
let operations: Array<{ method: string; path: string; operation: Operation }>;

beforeAll(async () => {
  testApp = await createTestApp();
  const document = (await testApp.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method, path, operation })));
});
afterAll(async () => {
  await testApp.close();
});

const securityOf = (method: string, path: string) => operations.find((entry) => entry.method === method && entry.path === path)?.operation.security;
const memberSession = [{ [memberSessionScheme]: [] }, { [memberBearerScheme]: [] }];

describe('the API document', () => {
  it('declares every operation’s security as the server enforces it', async () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const { method, path, operation } of operations) {
      expect(operation.security, `${method} ${path}`).toBeDefined();
      if (path.startsWith('/integration/v1/')) expect(operation.security, `${method} ${path}`).toEqual([{ [integrationSecurityScheme]: [] }]);
    }
    expect(securityOf('get', '/api/v2/cards')).toEqual(memberSession);
    expect(securityOf('post', '/api/v2/cards/{cardId}/orders')).toEqual(memberSession);
    expect(securityOf('get', '/api/site')).toEqual([]);
    expect(securityOf('get', '/api/health')).toEqual([]);
    // What it says is what happens: a member route without a session is refused, a public one is not.
    expect((await testApp.app.inject({ url: '/api/v2/cards', headers: { host: 'localhost' } })).statusCode).toBe(401);
    expect((await testApp.app.inject({ url: '/api/site', headers: { host: 'localhost' } })).statusCode).toBe(200);
  });

  it('declares the 4xx answers of every operation but the health check, which has none', () => {
    for (const { method, path, operation } of operations) {
      const statuses = Object.keys((operation as { responses?: Record<string, unknown> }).responses ?? {});
      if (path === '/api/health') expect(statuses.filter((status) => status.startsWith('4'))).toEqual([]);
      else expect(statuses.some((status) => status.startsWith('4')), `${method} ${path}`).toBe(true);
    }
  });

  it('declares the Idempotency-Key required wherever a write refuses a request without it', () => {
    const parameters = (method: string, path: string) =>
      ((operations.find((entry) => entry.method === method && entry.path === path)?.operation ?? {}) as { parameters?: Array<{ in: string; name: string; required?: boolean }> }).parameters ?? [];
    const keyOf = (method: string, path: string) => parameters(method, path).find((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');
    expect(keyOf('post', '/api/v2/cards/{cardId}/orders')).toMatchObject({ required: true });
    expect(keyOf('post', '/integration/v1/purchases')).toMatchObject({ required: true });
    const keyed = operations.filter(({ method, path }) => keyOf(method, path));
    expect(keyed.length).toBeGreaterThanOrEqual(15);
    for (const { method, path } of keyed) expect(keyOf(method, path), `${method} ${path}`).toMatchObject({ required: true });
  });

  it('declares every tag an operation names, with a description', () => {
    const declared = new Set(apiTags.map((tag) => tag.name));
    for (const tag of apiTags) expect(tag.description.length).toBeGreaterThan(20);
    for (const { method, path, operation } of operations) {
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(declared.has(tag), `${method} ${path}: ${tag}`).toBe(true);
    }
  });
});
