import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseConnection } from './client.ts';
import type { Database } from './database.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant shared by every instance: several servers starting together take turns migrating.
const migrationLockKey = 7_202_411;

export async function migrateDatabase(connection: DatabaseConnection): Promise<void> {
  if (connection.kind === 'pglite') {
    await migratePglite(connection.db, { migrationsFolder });
    return;
  }
  // The advisory lock belongs to one session, so the migration runs on that same pooled client.
  const client = await connection.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrateNodePostgres(drizzlePostgres({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    client.release();
  }
}

/** The rows of a raw query: both drivers answer `{ rows }`. */
function firstRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface JournalEntry {
  tag: string;
  /** When the migration was generated; the migrator records it as the applied migration's created_at. */
  when: number;
}

/**
 * The committed migrations this database has not applied, oldest first: those generated after the
 * newest one the migrator recorded (as the migrator itself decides), all of them on a new database.
 */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const journal = JSON.parse(await readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] };
  const [recorded] = firstRows<{ exists: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`));
  let newest = -1;
  if (recorded?.exists === true) {
    const [last] = firstRows<{ last: string | number | null }>(await db.execute(sql`select max(created_at) as "last" from drizzle.__drizzle_migrations`));
    newest = last?.last === null || last?.last === undefined ? -1 : Number(last.last);
  }
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}
