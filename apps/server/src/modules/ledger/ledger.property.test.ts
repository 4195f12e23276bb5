import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, gt } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { findAccount } from './accounts.repository.ts';
import { expireLots } from './expiry.service.ts';
import { ledgerInvariantViolations, noViolations, programWithCards } from './ledger.test-support.ts';
import { LedgerModel, type ModelOutcome } from './ledger-model.test-support.ts';
import { getBalance } from './ledger.service.ts';
import { lots } from './lots.table.ts';
import { earn, redeem, transfer } from './points.service.ts';
import { reverseEntry } from './reversal.service.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const cardIndex = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 60 }).map(BigInt);
// Earns weigh most, so cards hold several lots of different ages for spends and expiry to choose from.
const command = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('earn' as const), card: cardIndex, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('redeem' as const), card: cardIndex, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('transfer' as const), from: cardIndex, step: fc.integer({ min: 1, max: 2 }), amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reverse' as const), pick: fc.nat() }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

async function openLotsOf(accountId: bigint | undefined): Promise<Array<[number | null, bigint]>> {
  if (accountId === undefined) return [];
  const rows = await testApp.db
    .select()
    .from(lots)
    .where(and(eq(lots.accountId, accountId), gt(lots.remaining, 0n)))
    .orderBy(asc(lots.id));
  return rows.map((row) => [row.expiresAt?.getTime() ?? null, row.remaining]);
}

/** Runs a ledger call and reduces it to the outcome the model predicts. */
async function outcomeOf(call: () => Promise<{ id: string }>): Promise<{ outcome: ModelOutcome; id?: string }> {
  try {
    return { outcome: 'ok', id: (await call()).id };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'INSUFFICIENT_BALANCE' || error.code === 'CONFLICT')) return { outcome: error.code };
    throw error;
  }
}

function idOf(result: { id?: string }): () => string {
  return () => {
    if (!result.id) throw new Error('The model expected success but the ledger refused');
    return result.id;
  };
}

describe('the ledger against an in-memory model', () => {
  it('agrees on outcomes and balances for random earn, redeem, transfer, expiry and reversal sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 6, maxLength: 20 }), async (commands: Command[]) => {
        const db = testApp.db;
        const { cards } = await programWithCards(db, { merchantId, cards: 3 });
        const start = new Date('2025-01-01T00:00:00Z').getTime();
        const model = new LedgerModel(3, start, 30);
        const cardAt = (index: number) => {
          const card = cards[index];
          if (!card) throw new Error(`No card ${index}`);
          return card;
        };
        for (const step of commands) {
          const now = new Date(model.now);
          const base = { db, merchantId, now };
          if (step.type === 'earn') {
            const result = await outcomeOf(() => earn({ ...base, card: cardAt(step.card), amount: step.amount }));
            model.earn(step.card, step.amount, idOf(result)());
          } else if (step.type === 'redeem') {
            const result = await outcomeOf(() => redeem({ ...base, card: cardAt(step.card), amount: step.amount }));
            expect(model.redeem(step.card, step.amount, idOf(result))).toBe(result.outcome);
          } else if (step.type === 'transfer') {
            const to = (step.from + step.step) % 3;
            const result = await outcomeOf(() => transfer({ ...base, from: cardAt(step.from), to: cardAt(to), amount: step.amount }));
            expect(model.transfer(step.from, to, step.amount, idOf(result))).toBe(result.outcome);
          } else if (step.type === 'advance') {
            model.advance(step.days);
            await expireLots({ db, merchantId, now: new Date(model.now) });
          } else {
            const candidates = model.reversibleEntries();
            const index = candidates[step.pick % Math.max(1, candidates.length)];
            if (index === undefined) continue;
            const result = await outcomeOf(() => reverseEntry({ ...base, entryId: model.realIdOf(index) }));
            expect(model.reverse(index)).toBe(result.outcome);
          }
          for (let index = 0; index < 3; index += 1) {
            const card = cards[index];
            if (!card) throw new Error('no card');
            const account = await findAccount(db, { merchantId, programId: card.programId, kind: 'member', cardId: card.id });
            expect(account?.balance ?? 0n).toBe(model.balance(index));
            expect(await openLotsOf(account?.id)).toEqual(model.openLots(index));
            expect(await getBalance({ db, card, now: new Date(model.now) })).toBe(model.spendable(index));
          }
        }
        expect(await ledgerInvariantViolations(db)).toEqual(noViolations);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
