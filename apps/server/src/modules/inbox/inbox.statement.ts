import { sql, type WithSubquery } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

/*
 * leaveMessage's points_earned message as a part of one SQL statement (ledger/earn-statement.ts),
 * for the one-statement purchase: written with the earn or not at all. The facts are those the
 * general path leaves (use-cases/record-purchase), and its test holds the two to the same message.
 */

const param = (name: string) => sql.placeholder(name);

export function pointsEarnedMessageValues({ link }: { link: string }): Record<string, string> {
  return { inboxLink: link };
}

/**
 * A points_earned message for each row of `after` (ledger's `earned`: `card_id`, `merchant_id`,
 * `earned`, `spendable`, `occurred_at`) whose card is in a member's wallet; none for a card nobody holds.
 */
export function pointsEarnedMessage(db: Database, { after }: { after: WithSubquery }): WithSubquery {
  return db.$with('inbox_message', { id: sql<string>`id`, userId: sql<string>`user_id` }).as(
    sql`insert into inbox_messages (merchant_id, user_id, card_id, facts, link, created_at)
      select earn.merchant_id, card.owner_user_id, card.id,
        jsonb_build_object('kind', 'points_earned', 'points', earn.earned, 'unit', program.unit, 'balance', earn.spendable, 'programName', program.name),
        ${param('inboxLink')}::text, earn.occurred_at
      from ${after} earn join cards card on card.id = earn.card_id join programs program on program.id = card.program_id
      where card.owner_user_id is not null
      returning id, user_id`,
  );
}
