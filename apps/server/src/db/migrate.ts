import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseConnection } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant shared by every instance: several servers starting together take turns migrating.
const migrationLockKey = 7_202_411;

/** Applies the committed SQL migrations that the database has not seen yet. */
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
