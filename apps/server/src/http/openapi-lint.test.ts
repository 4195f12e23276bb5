import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The document the app serves, under Redocly's `recommended` rules: what a merchant's developer
// runs it through before generating a client. A rule is switched off only with its reason.
const rulesOff = {
  // The spec fixes these paths (app-core §7): `api/v2/cards/my-vouchers-count` and
  // `api/v2/cards/find-by-number/{number}` beside `api/v2/cards/{id}`. The server matches a static
  // segment before a parameter, so each request has one route.
  'no-ambiguous-paths': 'off',
  // The health check answers 200 or 503 and nothing else: it reads no Host, no body and no
  // parameter, and no rate limit counts it. Every other operation declares its 4xx answers, which
  // openapi.test.ts holds.
  'operation-4xx-response': 'off',
} as const;

let testApp: TestApp;
let source: string;

beforeAll(async () => {
  testApp = await createTestApp();
  source = (await testApp.app.inject({ url: '/api/docs/json' })).body;
});
afterAll(async () => {
  await testApp.close();
});

describe('the API document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'], rules: rulesOff });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`)).toEqual([]);
  }, 60_000);
});
