import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantSetup } from '../integration/integration.test-support.ts';
import { answerChecker } from './answer-checker.ts';
import { servedDocument, type ApiDocument } from './api-document.ts';
import { integrationClient, newWriteKey } from './integration-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The check every test's answers go through: what it lets pass, and what it catches.

let testApp: TestApp;
let document: ApiDocument;
let answer: unknown;

beforeAll(async () => {
  testApp = await createTestApp();
  document = await servedDocument(testApp.app);
  const { key, cards } = await merchantSetup(testApp, { cards: 1 });
  const client = await integrationClient(testApp, { key });
  const { data } = await client.POST('/integration/v1/purchases', {
    params: { header: { 'idempotency-key': newWriteKey() } },
    body: { cardNumber: cards[0]?.number ?? '', amount: 12_000, billNumber: 'CHECK-1' },
  });
  answer = data;
});
afterAll(async () => {
  await testApp.close();
});

/** A copy of the served document, changed as a wrong declaration would change it. */
function doctored(change: (copy: ApiDocument) => void): ApiDocument {
  const copy = structuredClone(document);
  change(copy);
  return copy;
}

const purchase = ['POST', '/integration/v1/purchases'] as const;

describe('the answer check', () => {
  it('passes the answers the server gives', () => {
    expect(answer).toMatchObject({ earned: 12, balance: 12 });
    expect(answerChecker(document)(...purchase, 201, 'application/json; charset=utf-8', answer)).toBeUndefined();
  });

  it('catches a field the server sends that the document no longer declares', () => {
    const withoutEarned = doctored((copy) => {
      const schema = copy.components.schemas.PurchaseAnswer as { properties: Record<string, unknown>; required: string[] };
      delete schema.properties.earned;
      schema.required = schema.required.filter((name) => name !== 'earned');
    });
    expect(answerChecker(withoutEarned)(...purchase, 201, 'application/json', answer)).toMatch(/additional properties/);
  });

  it('catches a field the document promises that the server does not send', () => {
    const { balance: _balance, ...partial } = answer as Record<string, unknown>;
    expect(answerChecker(document)(...purchase, 201, 'application/json', partial)).toMatch(/must have required property 'balance'/);
  });

  it('catches a status, a content type or an operation the document does not declare', () => {
    const check = answerChecker(document);
    expect(check(...purchase, 202, 'application/json', answer)).toMatch(/answered 202, which the document does not declare/);
    expect(check('GET', '/media/{imageId}/{file}', 200, 'application/json', {})).toMatch(/declared as image\/webp/);
    expect(check('GET', '/integration/v1/nothing', 200, 'application/json', {})).toMatch(/not in the document/);
    expect(check('GET', '/integration/v1/nothing', 200, 'application/json', {}, { undocumented: 'skip' })).toBeUndefined();
  });
});
