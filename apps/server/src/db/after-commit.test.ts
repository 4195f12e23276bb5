import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from './after-commit.ts';
import { openDatabase, type DatabaseConnection } from './client.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await connection.close();
});

describe('afterCommit', () => {
  it('runs at once outside a transaction', () => {
    const ran: string[] = [];
    afterCommit(connection.db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });

  it("waits for the outermost transaction's commit, savepoints included", async () => {
    const ran: string[] = [];
    await connection.db.transaction(async (tx) => {
      afterCommit(tx, () => ran.push('outer'));
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, () => ran.push('inner'));
      });
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'inner']);
  });

  it('never runs the effects of a transaction that rolls back', async () => {
    const ran: string[] = [];
    await expect(
      connection.db.transaction(async (tx) => {
        afterCommit(tx, () => ran.push('lost'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toEqual([]);
  });
});
