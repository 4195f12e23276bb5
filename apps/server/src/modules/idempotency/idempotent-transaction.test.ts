import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { withIdempotency } from './idempotency.service.ts';
import { idempotencyKeys } from './idempotency.table.ts';
import { requestHash } from './request-hash.ts';

const onPostgresServer = process.env.KARTU_TEST_DB === 'postgres';
const scope = 'test.transaction';
const start = new Date('2025-03-01T00:00:00Z');

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

type Run = (tx: Database) => Promise<{ statusCode: number; body: unknown }>;

const call = (key: string, body: unknown, run: Run, now = start) =>
  withIdempotency({ db: testApp.db, merchantId, scope, key, body, now, transaction: run });

/** A stand-in for the write: a row of another scope, written in the run's transaction. */
async function writeMarker(tx: Database, key: string): Promise<void> {
  await tx.insert(idempotencyKeys).values({ merchantId, scope: 'test.marker', key, requestHash: '-', status: 'done', responseStatus: 200, createdAt: start });
}

async function markerExists(key: string): Promise<boolean> {
  const rows = await testApp.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.scope, 'test.marker'), eq(idempotencyKeys.key, key)));
  return rows.length > 0;
}

function counter(key: string) {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    run: async (tx: Database) => {
      runs += 1;
      await writeMarker(tx, `${key}-${runs}`);
      return { statusCode: 201, body: { run: runs, at: new Date('2025-01-01T00:00:00Z') } };
    },
  };
}

describe('withIdempotency for a write in one transaction', () => {
  it('writes and stores the answer once per key, and answers a retry with the stored answer', async () => {
    const work = counter('once');
    const first = await call('once', { amount: 10, card: 'x' }, work.run);
    const again = await call('once', { card: 'x', amount: 10 }, work.run);
    expect(work.runs).toBe(1);
    expect(first).toEqual({ statusCode: 201, body: { run: 1, at: '2025-01-01T00:00:00.000Z' }, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await markerExists('once-1')).toBe(true);
  });

  it('refuses the same key with another body as 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const work = counter('other-body');
    await call('other-body', { amount: 10 }, work.run);
    await expect(call('other-body', { amount: 11 }, work.run)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 422 });
    expect(work.runs).toBe(1);
  });

  it('rolls back what a refused write did, stores the refusal and answers a retry with it', async () => {
    let runs = 0;
    const refuse: Run = async (tx) => {
      runs += 1;
      await writeMarker(tx, 'refused-write');
      throw new AppError('INSUFFICIENT_BALANCE');
    };
    await expect(call('refused', { amount: 99 }, refuse)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await expect(call('refused', { amount: 99 }, refuse)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', statusCode: 422 });
    expect(runs).toBe(1);
    expect(await markerExists('refused-write')).toBe(false);
  });

  it('keeps nothing of a write that fails unexpectedly, so a retry runs again', async () => {
    const crash: Run = async (tx) => {
      await writeMarker(tx, 'crashed-write');
      throw new Error('database went away');
    };
    await expect(call('crash', { amount: 1 }, crash)).rejects.toThrow('database went away');
    expect(await markerExists('crashed-write')).toBe(false);
    const work = counter('crash');
    await expect(call('crash', { amount: 1 }, work.run)).resolves.toMatchObject({ replayed: false });
    expect(work.runs).toBe(1);
  });

  it('honours a claim of the three-commit scheme until it is five minutes old', async () => {
    const body = { amount: 1 };
    await testApp.db.insert(idempotencyKeys).values({ merchantId, scope, key: 'legacy', requestHash: requestHash(body), status: 'in_flight', createdAt: start });
    const work = counter('legacy');
    await expect(call('legacy', body, work.run, new Date(start.getTime() + 60_000))).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(call('legacy', body, work.run, new Date(start.getTime() + 6 * 60_000))).resolves.toMatchObject({ replayed: false });
    expect(work.runs).toBe(1);
  });

  // The embedded database runs one transaction at a time: a second request waits for the first.
  it.skipIf(!onPostgresServer)('answers 409 CONFLICT while the first request with the key is still writing', async () => {
    let finish: () => void = () => {};
    const slow = call('in-flight', { amount: 1 }, async (tx) => {
      await writeMarker(tx, 'in-flight-write');
      await new Promise<void>((resolve) => (finish = resolve));
      return { statusCode: 200, body: { done: true } };
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(call('in-flight', { amount: 1 }, counter('in-flight').run)).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    finish();
    await expect(slow).resolves.toMatchObject({ body: { done: true } });
    await expect(call('in-flight', { amount: 1 }, counter('in-flight').run)).resolves.toMatchObject({ body: { done: true }, replayed: true });
  });
});
