import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { programWithCards } from '../modules/ledger/ledger.test-support.ts';
import type { NewProgramRow } from '../modules/programs/programs.table.ts';
import type { TestApp } from '../test/test-app.ts';
import { createApiKey } from './api-keys.service.ts';
import { merchantIdOf } from '../test/test-app.ts';

// Shared steps of the integration API tests.

export interface IntegrationCall {
  key?: string;
  body?: object;
  idempotencyKey?: string | null;
  /** Any host works: the merchant comes from the key. */
  host?: string;
}

/** Calls /integration/v1; writes get a fresh Idempotency-Key unless the test names one (or null for none). */
export async function callIntegration(
  testApp: TestApp,
  method: 'GET' | 'POST',
  path: string,
  { key, body, idempotencyKey, host = 'pos.example' }: IntegrationCall = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host };
  if (key) headers.authorization = `Bearer ${key}`;
  const idempotency = idempotencyKey === undefined ? (method === 'POST' ? randomBytes(8).toString('hex') : null) : idempotencyKey;
  if (idempotency) headers['idempotency-key'] = idempotency;
  return testApp.app.inject({ method, url: `/integration/v1${path}`, headers, ...(body && { payload: body }) });
}

/** The body of a typed call's success answer; an error answer fails the test with its status and body. */
export function answerOf<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`Answered ${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** A merchant's API key, a points program earning 1 point per 1,000 spent, and unowned cards of it. */
export async function merchantSetup(testApp: TestApp, { mid = 'KOPISENJA', cards = 2, program }: { mid?: string; cards?: number; program?: Partial<NewProgramRow> } = {}) {
  const merchantId = await merchantIdOf(testApp.db, mid);
  const { key } = await createApiKey({ db: testApp.db, merchantId, name: `POS ${mid}` });
  const setup = await programWithCards(testApp.db, {
    merchantId,
    cards,
    program: { earnRateNumerator: 1n, earnRateDenominator: 1000n, expiryPolicy: 'none', expiryDays: null, ...program },
  });
  return { merchantId, key, ...setup };
}
