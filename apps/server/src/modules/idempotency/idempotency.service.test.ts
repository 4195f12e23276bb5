import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';

import { withIdempotency } from './idempotency.service.ts';
import { canonicalJson, requestHash } from './request-hash.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

function counter() {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    run: async () => {
      runs += 1;
      return { statusCode: 201, body: { run: runs, at: new Date('2025-01-01T00:00:00Z') } };
    },
  };
}

const call = (key: string, body: unknown, run: () => Promise<{ statusCode: number; body: unknown }>, now?: Date) =>
  withIdempotency({ db: testApp.db, merchantId, scope: 'test.redeem', key, body, callsOut: run, now: now ?? new Date() });

describe('request hash', () => {
  it('ignores the order of object keys but not of array items', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(requestHash({ a: 1, b: 2 })).toBe(requestHash({ b: 2, a: 1 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
  });
});

describe('withIdempotency for a write that calls out (claim, write and answer commit apart)', () => {
  it('runs once per key and answers a retry with the stored answer', async () => {
    const work = counter();
    const first = await call('same-body', { amount: 10, card: 'x' }, work.run);
    const again = await call('same-body', { card: 'x', amount: 10 }, work.run);
    expect(work.runs).toBe(1);
    expect(first).toEqual({ statusCode: 201, body: { run: 1, at: '2025-01-01T00:00:00.000Z' }, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
  });

  it('refuses the same key with another body as 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const work = counter();
    await call('other-body', { amount: 10 }, work.run);
    await expect(call('other-body', { amount: 11 }, work.run)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 422 });
    expect(work.runs).toBe(1);
  });

  it('answers 409 CONFLICT while the first request is still running', async () => {
    let finish: () => void = () => {};
    const slow = call('in-flight', { amount: 1 }, () => new Promise((resolve) => (finish = () => resolve({ statusCode: 200, body: { done: true } }))));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(call('in-flight', { amount: 1 }, counter().run)).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    finish();
    await expect(slow).resolves.toMatchObject({ body: { done: true } });
    await expect(call('in-flight', { amount: 1 }, counter().run)).resolves.toMatchObject({ body: { done: true }, replayed: true });
  });

  it('stores a business refusal and answers a retry with the same refusal without running again', async () => {
    let runs = 0;
    const refuse = async (): Promise<{ statusCode: number; body: unknown }> => {
      runs += 1;
      throw new AppError('INSUFFICIENT_BALANCE');
    };
    await expect(call('refused', { amount: 99 }, refuse)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await expect(call('refused', { amount: 99 }, refuse)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', statusCode: 422 });
    expect(runs).toBe(1);
  });

  it('releases the key when the run fails unexpectedly, so a retry runs again', async () => {
    await expect(call('crash', { amount: 1 }, () => Promise.reject(new Error('database went away')))).rejects.toThrow('database went away');
    const work = counter();
    await expect(call('crash', { amount: 1 }, work.run)).resolves.toMatchObject({ replayed: false });
    expect(work.runs).toBe(1);
  });

  it('takes over a claim abandoned for more than five minutes', async () => {
    const start = new Date('2025-02-01T00:00:00Z');
    void call('abandoned', { amount: 1 }, () => new Promise(() => {}), start);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const work = counter();
    await expect(call('abandoned', { amount: 1 }, work.run, new Date(start.getTime() + 60_000))).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(call('abandoned', { amount: 1 }, work.run, new Date(start.getTime() + 6 * 60_000))).resolves.toMatchObject({ replayed: false });
    expect(work.runs).toBe(1);
  });
});
