import { pendingMigrations } from '../db/migrate.ts';
import { CommandError, readOptions, type CliContext } from './cli.context.ts';

/**
 * `kartu migrate`: every command first brings the database up to this release's migrations (one
 * process at a time, under an advisory lock); this one only reports it. A release runs it once,
 * before starting instances with MIGRATE_ON_START=false.
 */
export async function migrateCommand(args: string[], { db, out }: CliContext): Promise<void> {
  readOptions(args, {});
  const pending = await pendingMigrations(db);
  if (pending.length > 0) throw new CommandError(`Migrations not applied: ${pending.join(', ')}`);
  out('The database has every migration of this release.');
}
