import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { withIdempotency } from '../idempotency/idempotency.service.ts';
import { journalEntries } from './journal.table.ts';
import { ledgerInvariantViolations, noViolations, programWithCards } from './ledger.test-support.ts';
import { getBalance } from './ledger.service.ts';
import { earn, redeem, transfer } from './points.service.ts';

// PGlite is a single connection that runs one transaction at a time, so only the PostgreSQL
// server run (the server-postgres project) can race transactions against each other.
const onPostgresServer = process.env.KARTU_TEST_DB === 'postgres';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

describe('concurrent spends', () => {
  it.skipIf(!onPostgresServer)('lets exactly the covered spends through out of 100 racing redeems and transfers, and replays add nothing', async () => {
    const db = testApp.db;
    const now = new Date('2025-05-01T00:00:00Z');
    const { program, cards } = await programWithCards(db, { merchantId, cards: 3 });
    const [payer, friendA, friendB] = cards;
    if (!payer || !friendA || !friendB) throw new Error('no cards');
    const covered = 37;
    await earn({ db, now, merchantId, card: payer, amount: BigInt(covered * 10) });

    const attempt = (index: number) =>
      withIdempotency({
        db,
        merchantId,
        scope: 'test.spend',
        key: `spend-${program.id}-${index}`,
        body: { index },
        now,
        callsOut: async () => {
          const options = { db, now, merchantId, amount: 10n };
          const entry =
            index % 2 === 0
              ? await redeem({ ...options, card: payer })
              : await transfer({ ...options, from: payer, to: index % 4 === 1 ? friendA : friendB });
          return { statusCode: 201, body: { entryId: entry.id } };
        },
      }).then(
        (answer) => ({ ok: true as const, answer }),
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') return { ok: false as const, answer: undefined };
          throw error;
        },
      );

    const first = await Promise.all(Array.from({ length: 100 }, (_, index) => attempt(index)));
    expect(first.filter((result) => result.ok)).toHaveLength(covered);
    expect(await getBalance({ db, card: payer, now })).toBe(0n);
    const [entriesBefore] = await db.select({ value: count() }).from(journalEntries).where(eq(journalEntries.programId, program.id));

    const replay = await Promise.all(Array.from({ length: 100 }, (_, index) => attempt(index)));
    expect(replay.map((result) => result.ok)).toEqual(first.map((result) => result.ok));
    expect(replay.filter((result) => result.ok).every((result) => result.answer?.replayed)).toBe(true);
    expect(replay.map((result) => result.answer?.body)).toEqual(first.map((result) => result.answer?.body));
    const [entriesAfter] = await db.select({ value: count() }).from(journalEntries).where(eq(journalEntries.programId, program.id));
    expect(entriesAfter?.value).toBe(entriesBefore?.value);
    expect(entriesBefore?.value).toBe(1 + covered);

    const received = (await getBalance({ db, card: friendA, now })) + (await getBalance({ db, card: friendB, now }));
    const transfersThrough = first.filter((result, index) => result.ok && index % 2 === 1).length;
    expect(received).toBe(BigInt(transfersThrough * 10));
    expect(await ledgerInvariantViolations(db)).toEqual(noViolations);
  }, 60_000);
});
