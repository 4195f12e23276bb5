import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from './client.ts';
import { inTransaction, type Database } from './database.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await openDatabase({ dataDir: 'memory://' });
  await connection.db.execute(sql`create table probe (value int)`);
});
afterAll(async () => {
  await connection.close();
});

describe('inTransaction', () => {
  it("runs in the caller's transaction, so a rollback there takes the work back too", async () => {
    let outer: Database | undefined;
    let handed: Database | undefined;
    const rolledBack = connection.db.transaction(async (tx) => {
      outer = tx;
      await inTransaction(tx, async (inner) => {
        handed = inner;
        await inner.execute(sql`insert into probe values (1)`);
      });
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    // The same transaction, not a savepoint of it.
    expect(handed).toBe(outer);
    expect((await connection.db.execute(sql`select count(*)::int as n from probe`)).rows).toEqual([{ n: 0 }]);
  });

  it('opens a transaction of its own outside one', async () => {
    const failed = inTransaction(connection.db, async (tx) => {
      expect(tx).not.toBe(connection.db);
      await tx.execute(sql`insert into probe values (2)`);
      throw new Error('fail');
    });
    await expect(failed).rejects.toThrow('fail');
    expect((await connection.db.execute(sql`select count(*)::int as n from probe`)).rows).toEqual([{ n: 0 }]);
  });
});
