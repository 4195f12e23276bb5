import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedTestDatabase } from './seed-test-database.ts';
import { testCodeSecret } from './test-env.ts';

/*
 * Once per run of the API tests on the embedded database: one PGlite migrated and seeded as every
 * test file's would be, dumped to a file that each file's database starts from (test-app.ts).
 * Creating, migrating and seeding a PGlite took a test file several seconds; a copy takes one.
 */

declare module 'vitest' {
  interface ProvidedContext {
    /** The dumped data directory of the migrated, seeded template database. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const connection = await openDatabase({ dataDir: 'memory://' });
  if (connection.kind !== 'pglite') throw new Error('The template is an embedded database');
  await migrateDatabase(connection);
  await seedTestDatabase(connection.db, testCodeSecret);
  const dump = await connection.client.dumpDataDir('none');
  await connection.close();
  const directory = mkdtempSync(join(tmpdir(), 'kartu-pglite-template-'));
  const file = join(directory, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(directory, { recursive: true, force: true });
}
