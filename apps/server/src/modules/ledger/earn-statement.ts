import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { changeTags, publishChanges } from '../../lib/change-feed.ts';
import { valueMovingCardStatus } from './card-ref.ts';
import { expiredValueOf } from './lots.repository.ts';

/*
 * An earn on a card as part of one SQL statement, which the caller completes with writes of its own
 * (a purchase adds its bill and the stored answer of its idempotency key): one round trip and one
 * commit instead of a transaction of eight. It covers the common case only: an active card whose
 * wallet and program issuance account exist (the first earn makes them). Otherwise, or when the
 * caller's condition does not hold, the statement writes nothing and the caller goes the general
 * way, earn in a transaction, which writes the same rows.
 */

const param = (name: string) => sql.placeholder(name);

/** What the statement's placeholders are bound to: pass it through earnStatementValues. */
export interface EarnStatementInput {
  merchantId: number;
  cardId: string;
  programId: string;
  memberAccountId: bigint;
  issuanceAccountId: bigint;
  earned: bigint;
  entryId: string;
  reference: string;
  metadata: Record<string, unknown>;
  /** The lot's expiry (programs/lot-expiry.ts); null never expires. */
  expiresAt: Date | null;
  now: Date;
}

export function earnStatementValues(input: EarnStatementInput): Record<string, string | number | null> {
  return {
    merchantId: input.merchantId,
    cardId: input.cardId,
    programId: input.programId,
    memberAccountId: String(input.memberAccountId),
    issuanceAccountId: String(input.issuanceAccountId),
    earned: String(input.earned),
    entryId: input.entryId,
    reference: input.reference,
    metadata: JSON.stringify(input.metadata),
    expiresAt: input.expiresAt?.toISOString() ?? null,
    now: input.now.toISOString(),
  };
}

export interface EarnStatement {
  /** The statement's parts, to list in this order before the caller's own. */
  parts: WithSubquery[];
  /**
   * One row when the earn was written, none otherwise: `entry_id`, `card_id`, `merchant_id`,
   * `earned`, `spendable` (what the card can spend afterwards) and `occurred_at`. The caller's
   * writes select from it, so they happen exactly when the earn does.
   */
  earned: WithSubquery;
}

/** Run and committed, the statement moved the card's balance: the caches that show it drop it. */
export function earnStatementRan(cardId: string): void {
  publishChanges([changeTags.card(cardId)]);
}

/**
 * The parts of a one-statement earn. `proceed` is the caller's own condition (given the SQL of the
 * card's program id), checked once the card and its wallet are found: when it is false nothing is written.
 */
export function earnStatement(db: Database, { proceed }: { proceed: (card: { programId: SQL }) => SQL }): EarnStatement {
  const now = sql`${param('now')}::timestamptz`;
  const gate = db.$with('gate', { balance: sql<string>`balance`, expired: sql<string>`expired`, go: sql<boolean>`go` }).as(
    sql`select wallet.balance, ${expiredValueOf(sql`wallet.id`, now)} as expired, (${proceed({ programId: sql`card.program_id` })}) as go
      from cards card join ledger_accounts wallet on wallet.id = ${param('memberAccountId')}::bigint and wallet.card_id = card.id
      where card.id = ${param('cardId')}::char(24) and card.merchant_id = ${param('merchantId')}::integer
        and card.status = ${sql.raw(`'${valueMovingCardStatus}'`)}`,
  );
  // The update waits for any other writer of the wallet and then moves its latest balance. What
  // `spendable` subtracts for expired value comes from the statement's snapshot, taken before that
  // wait; it stays exact when the snapshot held no expired value, or when nobody moved the wallet
  // meanwhile. Otherwise (a spend or sweep racing this earn) nothing happens here and the caller's
  // transaction does the earn.
  const moved = db.$with('moved', { balance: sql<string>`balance` }).as(
    sql`update ledger_accounts wallet set balance = wallet.balance + ${param('earned')}::bigint
      from gate where gate.go and wallet.id = ${param('memberAccountId')}::bigint and (gate.expired = 0 or wallet.balance = gate.balance)
      returning wallet.balance`,
  );
  const entry = db.$with('entry', { id: sql<string>`id` }).as(
    sql`insert into journal_entries (id, merchant_id, program_id, kind, reference, metadata, occurred_at)
      select ${param('entryId')}::uuid, ${param('merchantId')}::integer, ${param('programId')}::uuid, 'earn', ${param('reference')}::text,
        ${param('metadata')}::jsonb, ${now} from moved
      returning id`,
  );
  const entryPostings = db.$with('entry_postings', { id: sql<string>`id` }).as(
    sql`insert into postings (entry_id, account_id, amount, occurred_at)
      select ${param('entryId')}::uuid, side.account_id, side.amount, ${now} from moved,
        (values (${param('issuanceAccountId')}::bigint, -${param('earned')}::bigint), (${param('memberAccountId')}::bigint, ${param('earned')}::bigint)) as side(account_id, amount)
      returning id`,
  );
  const entryLot = db.$with('entry_lot', { id: sql<string>`id` }).as(
    sql`insert into lots (account_id, entry_id, amount, remaining, expires_at, created_at)
      select ${param('memberAccountId')}::bigint, ${param('entryId')}::uuid, ${param('earned')}::bigint, ${param('earned')}::bigint,
        ${param('expiresAt')}::timestamptz, ${now} from moved
      returning id`,
  );
  const earned = db.$with('earned', { spendable: sql<string>`spendable` }).as(
    sql`select ${param('entryId')}::uuid as entry_id, ${param('cardId')}::char(24) as card_id, ${param('merchantId')}::integer as merchant_id,
        ${param('earned')}::bigint as earned, moved.balance - gate.expired as spendable, ${now} as occurred_at
      from moved, gate`,
  );
  return { parts: [gate, moved, entry, entryPostings, entryLot, earned], earned };
}
