import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;

/** What repositories query: satisfied by both the embedded and the PostgreSQL server driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
