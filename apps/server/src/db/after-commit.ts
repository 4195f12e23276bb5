import type { Database } from './database.ts';

/*
 * Effects that must wait until a transaction's changes are visible to everyone: telling caches
 * that rows changed (lib/change-feed.ts). A cache told before the commit could be filled again
 * from the old rows in between.
 */

type Effect = () => void;
const effectsOfTransaction = new WeakMap<object, Effect[]>();

/**
 * Runs `effect` once the transaction `db` belongs to has committed, and never if it rolls back.
 * Outside a transaction the write before it is already committed, so it runs at once.
 */
export function afterCommit(db: Database, effect: Effect): void {
  const effects = effectsOfTransaction.get(db);
  if (effects) effects.push(effect);
  else effect();
}

type TransactionMethod = Database['transaction'];

/** Makes `transaction` of `db`, and of every transaction in it, keep the afterCommit effects. */
function collectEffectsOf(db: Database, effects: Effect[] | null): void {
  const original: TransactionMethod = db.transaction.bind(db);
  const wrapped = async (run: Parameters<TransactionMethod>[0], config?: Parameters<TransactionMethod>[1]) => {
    // A savepoint's effects join its outermost transaction's: they wait for that commit.
    const shared = effects ?? [];
    const result = await original(async (tx) => {
      effectsOfTransaction.set(tx, shared);
      collectEffectsOf(tx, shared);
      return run(tx);
    }, config);
    if (!effects) for (const effect of shared) effect();
    return result;
  };
  db.transaction = wrapped as TransactionMethod;
}

/** Gives the database's transactions afterCommit effects; openDatabase does this to every database. */
export function withCommitEffects<T extends Database>(db: T): T {
  collectEffectsOf(db, null);
  return db;
}
