import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const methods = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];

interface OperationId {
  operation: string;
  operationId: unknown;
  description: unknown;
}

/** Every operation of the served OpenAPI document (test builds include the development routes), with its operationId. */
async function operationIds(): Promise<OperationId[]> {
  const response = await testApp.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json<{ paths: Record<string, Record<string, { operationId?: unknown; description?: unknown }>> }>();
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({ operation: `${method.toUpperCase()} ${path}`, operationId: operation.operationId, description: operation.description })),
  );
}

describe('OpenAPI operations', () => {
  it('gives every operation an operationId in lowerCamelCase', async () => {
    const operations = await operationIds();
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter(({ operationId }) => typeof operationId !== 'string' || !/^[a-z][a-zA-Z0-9]+$/.test(operationId))).toEqual([]);
  });

  it('names no two operations alike', async () => {
    const byId = new Map<unknown, string[]>();
    for (const { operation, operationId } of await operationIds()) byId.set(operationId, [...(byId.get(operationId) ?? []), operation]);
    expect([...byId].filter(([, operations]) => operations.length > 1)).toEqual([]);
  });

  it('describes every operation beyond its summary', async () => {
    expect((await operationIds()).filter(({ description }) => typeof description !== 'string' || description.trim().length < 40).map(({ operation }) => operation)).toEqual([]);
  });

  it('includes the development routes', async () => {
    expect((await operationIds()).some(({ operation }) => operation.includes(' /api/dev/'))).toBe(true);
  });
});
