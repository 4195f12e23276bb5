import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { withCommitEffects } from './after-commit.ts';
import type { Schema } from './database.ts';
import * as schema from './schema.ts';

export type DatabaseConnection =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: NodePgDatabase<Schema>; pool: pg.Pool; close(): Promise<void> };

export interface OpenDatabaseOptions {
  /** A postgres:// URL: use the PostgreSQL server. Without it the embedded PGlite is used. */
  url?: string;
  /** Where PGlite keeps its files; `memory://` or nothing keeps the database in memory. */
  dataDir?: string;
  /** An in-memory PGlite starts as a copy of this dumped data directory (the tests' migrated, seeded template). */
  loadDataDir?: Blob;
}

export async function openDatabase({ url, dataDir, loadDataDir }: OpenDatabaseOptions = {}): Promise<DatabaseConnection> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    return { kind: 'postgres', db: withCommitEffects(drizzlePostgres({ client: pool, schema })), pool, close: () => pool.end() };
  }
  const inMemory = dataDir === undefined || dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = inMemory ? new PGlite(loadDataDir ? { loadDataDir } : {}) : new PGlite(dataDir);
  await client.waitReady;
  return { kind: 'pglite', db: withCommitEffects(drizzlePglite({ client, schema })), client, close: () => client.close() };
}
