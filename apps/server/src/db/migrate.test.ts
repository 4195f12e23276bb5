import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrateDatabase, pendingMigrations } from './migrate.ts';

const journal = JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: { tag: string }[] };

describe('pendingMigrations', () => {
  it('names every migration on a new database, and none once they are applied', async () => {
    const connection = await openDatabase({ dataDir: 'memory://' });
    try {
      const before = await pendingMigrations(connection.db);
      expect(before).toEqual(journal.entries.map((entry) => entry.tag));
      expect(before.length).toBeGreaterThan(10);
      await migrateDatabase(connection);
      expect(await pendingMigrations(connection.db)).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});
