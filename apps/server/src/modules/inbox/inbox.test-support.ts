import { asc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { inboxMessages, type InboxMessageRow } from './inbox.table.ts';

// Shared steps of the inbox tests.

/** Every message ever left for the member, deleted ones too, oldest first. */
export async function messagesOf(testApp: TestApp, userId: string): Promise<InboxMessageRow[]> {
  return testApp.db.select().from(inboxMessages).where(eq(inboxMessages.userId, userId)).orderBy(asc(inboxMessages.createdAt), asc(inboxMessages.id));
}

/** What a producer decides of a message: who it is for, what it says and where it leads. */
export function contentOf(row: InboxMessageRow) {
  return { merchantId: row.merchantId, userId: row.userId, cardId: row.cardId, facts: row.facts, link: row.link, readAt: row.readAt, deletedAt: row.deletedAt };
}

/**
 * Runs `act` while the database refuses new rows of `table` (those matching `when`, a condition on
 * `new`), as when the instance dies just before the event's transaction commits.
 */
export async function whileRefusing<T>(testApp: TestApp, { table, when = 'true' }: { table: 'idempotency_keys' | 'payment_events'; when?: string }, act: () => Promise<T>): Promise<T> {
  await testApp.db.execute(
    sql.raw(`create function test_refuse_row() returns trigger language plpgsql as $$
      begin
        if ${when} then raise exception 'the instance died'; end if;
        return new;
      end $$`),
  );
  await testApp.db.execute(sql.raw(`create trigger test_refuse_row before insert or update on ${table} for each row execute function test_refuse_row()`));
  try {
    return await act();
  } finally {
    await testApp.db.execute(sql.raw(`drop trigger test_refuse_row on ${table}`));
    await testApp.db.execute(sql`drop function test_refuse_row()`);
  }
}
