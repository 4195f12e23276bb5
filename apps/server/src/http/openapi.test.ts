import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { apiTags, integrationSecurityScheme } from './openapi.ts';
import { memberBearerScheme, memberSessionScheme } from './route-security.ts';

// The API document as a merchant's developer or a second client reads it: who may call what.

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
}

interface Content {
  schema?: { $ref?: string; type?: string; format?: string };
}
interface Document {
  paths: Record<string, Record<string, Operation & { requestBody?: { content: Record<string, Content> }; responses?: Record<string, { content?: Record<string, Content> }> }>>;
  components: { schemas: Record<string, { examples?: unknown[] }> };
}

let testApp: TestApp;
let document: Document;
let operations: Array<{ method: string; path: string; operation: Document['paths'][string][string] }>;

beforeAll(async () => {
  testApp = await createTestApp();
  document = (await testApp.app.inject({ url: '/api/docs/json' })).json<Document>();
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

  it('names each contract once and refers to it: the error body is one schema', () => {
    const inPaths = JSON.stringify(document.paths);
    expect(inPaths).not.toContain('"statusCode"');
    expect(document.components.schemas.Error).toBeDefined();
    expect(inPaths.split('"#/components/schemas/Error"').length - 1).toBeGreaterThan(500);
    for (const name of Object.keys(document.components.schemas)) expect(name, name).toMatch(/^[A-Z][A-Za-z0-9]+$/);
  });

  it('refers each JSON request body and success answer to a named contract, with its example', () => {
    const unnamed: string[] = [];
    const withoutExample: string[] = [];
    const refOf = (where: string, content: Content | undefined) => {
      const ref = content?.schema?.$ref;
      if (!ref) return unnamed.push(where);
      const schema = document.components.schemas[ref.replace('#/components/schemas/', '')];
      if (!schema?.examples?.length) withoutExample.push(`${where} (${ref})`);
    };
    for (const { method, path, operation } of operations) {
      if (path.startsWith('/api/dev/')) continue;
      const body = operation.requestBody?.content['application/json'];
      if (body && !['/webhooks/payments/{provider}', '/webhooks/billers/{provider}'].includes(path)) refOf(`${method} ${path} body`, body);
      for (const [status, answer] of Object.entries(operation.responses ?? {}))
        if (status.startsWith('2') && answer.content?.['application/json']) refOf(`${method} ${path} ${status}`, answer.content['application/json']);
    }
    expect(unnamed).toEqual([]);
    expect(withoutExample).toEqual([]);
  });

  it('says which request bodies may be left out', () => {
    const requestBody = (path: string) => (document.paths[path]?.post as { requestBody?: { required?: boolean } } | undefined)?.requestBody;
    expect(requestBody('/integration/v1/vouchers/redemptions/{redemptionId}/void')).toMatchObject({ required: false });
    expect(requestBody('/integration/v1/gift-cards/charges/{chargeId}/void')).toMatchObject({ required: false });
    expect(requestBody('/integration/v1/purchases')).toMatchObject({ required: true });
  });

  it('declares files as the server sends and takes them', () => {
    const answerTypes = (method: string, path: string, status: string) => Object.keys(document.paths[path]?.[method]?.responses?.[status]?.content ?? {});
    expect(answerTypes('get', '/media/{imageId}/{file}', '200')).toEqual(['image/webp']);
    expect(answerTypes('get', '/integration/v1/payments/{id}/proof', '200')).toEqual(['image/webp']);
    const bodyTypes = (path: string) => Object.keys(document.paths[path]?.post?.requestBody?.content ?? {});
    expect(bodyTypes('/api/v2/payments/{id}/proof')).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(bodyTypes('/integration/v1/programs/{programId}/products/{sku}/image')).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(document.paths['/api/v2/payments/{id}/proof']?.post?.requestBody?.content['image/png']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    // The provider's notification is a JSON object, though the server reads it as text to check its signature.
    expect(document.paths['/webhooks/payments/{provider}']?.post?.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'object' });
  });
});
