import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;

/** What repositories query: satisfied by both the embedded and the PostgreSQL server driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs `work` in the caller's transaction when `db` is one, or else in a transaction of its own. */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const isTransaction: boolean = db instanceof PgTransaction;
  return isTransaction ? work(db) : db.transaction(work);
}
