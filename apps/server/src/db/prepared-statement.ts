import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './database.ts';

interface Executable<Result> {
  execute(placeholderValues?: Record<string, unknown>): Promise<Result>;
}

/**
 * A named prepared statement whose SQL text is built once per database handle, with a
 * `sql.placeholder` for every value: a request only binds its values. Building the text again on
 * every call (the query builder's usual way) cost a busy server more than the queries themselves,
 * and a name stands for one text, so the statement is planned once per connection
 * (docs/decisions/010-hot-paths.md).
 */
export function preparedStatement<Values extends Record<string, unknown>, Result>(build: (db: Database) => Executable<Result>): (db: Database, values: Values) => Promise<Result> {
  const built = new WeakMap<Database, Executable<Result>>();
  return (db, values) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement.execute(values);
  };
}

/** `column = any($name)` for a placeholder holding a list of values of the column's SQL type, e.g. `uuid`: one text for any length. */
export function isAnyOf(column: SQLWrapper, placeholder: string, sqlType: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)}::${sql.raw(sqlType)}[])`;
}
