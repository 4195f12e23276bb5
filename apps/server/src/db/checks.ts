import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** CHECK condition: the column (or expression) holds one of a closed set of values (kept in sync with the contracts). */
export function isOneOf(column: AnyPgColumn | SQL, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
