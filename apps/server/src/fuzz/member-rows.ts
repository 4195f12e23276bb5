import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

// A member's data is every row that names them, their cards or their cards' ledger accounts, in
// whatever table holds it: tables added later are covered without changing this file.
const owners = {
  user: ['user_id', 'owner_user_id'],
  card: ['card_id'],
  account: ['account_id'],
} as const;

type Rows = Record<string, unknown>[];

function rowsOf(result: unknown): Rows {
  return (result as { rows: Rows }).rows;
}

/** `a, b, c` as bound parameters, for an `in (…)` list. */
const valueList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

async function columnsNamed(db: Database, names: readonly string[]): Promise<{ table: string; column: string }[]> {
  const result = await db.execute(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and column_name in (${valueList(names)}) order by table_name, column_name`);
  return rowsOf(result) as { table: string; column: string }[];
}

async function rowsWhere(db: Database, table: string, column: string, values: readonly string[]): Promise<Rows> {
  if (values.length === 0) return [];
  // Sorted on the whole row's text, so two snapshots list the same rows in the same order.
  return rowsOf(await db.execute(sql`select t.*::text as "row" from ${sql.identifier(table)} t where ${sql.identifier(column)}::text in (${valueList(values)}) order by 1`));
}

/** Every row of the member's data, by table and column, as text: equal snapshots mean nothing changed. */
export async function memberRows(db: Database, userId: string): Promise<Record<string, Rows>> {
  const snapshot: Record<string, Rows> = {};
  snapshot['users.id'] = await rowsWhere(db, 'users', 'id', [userId]);
  const cardIds = rowsOf(await db.execute(sql`select id from cards where owner_user_id = ${userId}`)).map((row) => String(row.id));
  snapshot['cards.id'] = await rowsWhere(db, 'cards', 'id', cardIds);
  const accountIds = cardIds.length
    ? rowsOf(await db.execute(sql`select id from ledger_accounts where card_id in (${valueList(cardIds)})`)).map((row) => String(row.id))
    : [];
  const idsOf = { user: [userId], card: cardIds, account: accountIds };
  for (const [owner, names] of Object.entries(owners) as [keyof typeof owners, readonly string[]][]) {
    for (const { table, column } of await columnsNamed(db, names)) snapshot[`${table}.${column}`] = await rowsWhere(db, table, column, idsOf[owner]);
  }
  return snapshot;
}
