import { randomUUID } from 'node:crypto';
import type { PurchaseAnswer, PurchaseBody } from '@kartu/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { changeTags, publishChanges } from '../lib/change-feed.ts';
import { idempotencyLockName, idempotencyLockSpace, type IdempotencyKeyId } from '../modules/idempotency/idempotency.repository.ts';
import { pointsForSpend } from '../modules/programs/earn-rate.ts';
import { lotExpiresAt } from '../modules/programs/lot-expiry.ts';
import type { ProgramRow } from '../modules/programs/programs.table.ts';
import { findEarningContext } from './purchases.repository.ts';

/*
 * The common purchase — a card number, an active card that has earned before, a program without a
 * level-up offer, a bill that earns something — as one SQL statement: one round trip and one commit
 * instead of a transaction of eight. The statement either does all of it (the bill, the earn entry
 * with its postings and lot, the wallet's balance and the stored idempotent answer) or nothing, in
 * which case recordPurchase decides with the whole rule set: the answer of a key seen before, a
 * 409 while another request holds the key, refusals, first earns and level-up rewards.
 */

/** What stays true of a card for good: its id, program and ledger accounts. */
interface CardIdentity {
  cardId: string;
  programId: string;
  memberAccountId: bigint;
  issuanceAccountId: bigint;
}

interface ProgramTerms {
  program: ProgramRow;
  timeZone: string;
  hasLevelUpOffer: boolean;
  readAt: number;
}

// Program terms change by operator action only; purchases follow a change within this time.
export const programTermsTtlMs = 10_000;
const cacheLimit = 10_000;

const param = (name: string) => sql.placeholder(name);

function buildStatement(db: Database) {
  const gate = db
    .$with('gate', { balance: sql<string>`balance`, expired: sql<string>`expired`, go: sql<boolean>`go` })
    .as(
      sql`select wallet.balance,
        coalesce((select sum(lot.remaining) from lots lot where lot.account_id = wallet.id and lot.remaining > 0 and lot.expires_at <= ${param('now')}::timestamptz), 0) as expired,
        pg_try_advisory_xact_lock(${idempotencyLockSpace}, hashtext(${param('lockName')}::text))
          and not exists (select 1 from idempotency_keys k where k.merchant_id = ${param('merchantId')}::integer and k.scope = ${param('scope')}::text and k.key = ${param('key')}::text) as go
      from cards card join ledger_accounts wallet on wallet.id = ${param('memberAccountId')}::bigint and wallet.card_id = card.id
      where card.id = ${param('cardId')}::char(24) and card.merchant_id = ${param('merchantId')}::integer and card.status = 'active'
        -- An offer added since the terms were read: recordPurchase grants it.
        and not exists (select 1 from program_rewards offer where offer.program_id = card.program_id and offer.kind = 'level-up')`,
    );
  // The update waits for any other writer of the wallet and then moves its latest balance. What
  // the answer subtracts for expired value comes from the statement's snapshot, taken before that
  // wait; it stays exact when the snapshot held no expired value, or when nobody moved the wallet
  // meanwhile. Otherwise (a spend or sweep racing this purchase) nothing happens here and the
  // transaction of recordPurchase does the purchase.
  const moved = db.$with('moved', { balance: sql<string>`balance` }).as(
    sql`update ledger_accounts wallet set balance = wallet.balance + ${param('earned')}::bigint
      from gate where gate.go and wallet.id = ${param('memberAccountId')}::bigint and (gate.expired = 0 or wallet.balance = gate.balance)
      returning wallet.balance`,
  );
  // A bill number seen before breaks the statement on the unique key: nothing of it stays.
  const bill = db.$with('bill', { cardId: sql<string>`card_id` }).as(
    sql`insert into integration_purchases (merchant_id, bill_number, card_id, amount, earned, entry_id, created_at)
      select ${param('merchantId')}::integer, ${param('billNumber')}::text, ${param('cardId')}::char(24), ${param('amount')}::bigint,
        ${param('earned')}::bigint, ${param('entryId')}::uuid, ${param('now')}::timestamptz from moved
      returning card_id`,
  );
  const entry = db.$with('entry', { id: sql<string>`id` }).as(
    sql`insert into journal_entries (id, merchant_id, program_id, kind, reference, metadata, occurred_at)
      select ${param('entryId')}::uuid, ${param('merchantId')}::integer, ${param('programId')}::uuid, 'earn', ${param('billNumber')}::text,
        ${param('metadata')}::jsonb, ${param('now')}::timestamptz from moved
      returning id`,
  );
  const entryPostings = db.$with('entry_postings', { id: sql<string>`id` }).as(
    sql`insert into postings (entry_id, account_id, amount)
      select ${param('entryId')}::uuid, side.account_id, side.amount from moved,
        (values (${param('issuanceAccountId')}::bigint, -${param('earned')}::bigint), (${param('memberAccountId')}::bigint, ${param('earned')}::bigint)) as side(account_id, amount)
      returning id`,
  );
  const entryLot = db.$with('entry_lot', { id: sql<string>`id` }).as(
    sql`insert into lots (account_id, entry_id, amount, remaining, expires_at, created_at)
      select ${param('memberAccountId')}::bigint, ${param('entryId')}::uuid, ${param('earned')}::bigint, ${param('earned')}::bigint,
        ${param('expiresAt')}::timestamptz, ${param('now')}::timestamptz from moved
      returning id`,
  );
  const answer = db.$with('answer', { body: sql<PurchaseAnswer>`response_body` }).as(
    sql`insert into idempotency_keys (merchant_id, scope, key, request_hash, status, response_status, response_body, created_at)
      select ${param('merchantId')}::integer, ${param('scope')}::text, ${param('key')}::text, ${param('requestHash')}::text, 'done', 201,
        jsonb_build_object('entryId', ${param('entryId')}::text, 'earned', ${param('earned')}::bigint, 'balance', moved.balance - gate.expired),
        ${param('now')}::timestamptz
      from moved, gate
      returning response_body`,
  );
  return db
    .with(gate, moved, bill, entry, entryPostings, entryLot, answer)
    .select({ body: sql<PurchaseAnswer | null>`(select response_body from answer)` })
    .from(sql`(select 1) as one`)
    .prepare('purchase_in_one_statement');
}

export interface PurchaseStatementInput extends IdempotencyKeyId {
  requestHash: string;
  body: PurchaseBody;
  now: Date;
}

/** The one-statement purchase of one app: its prepared statement and what it knows of cards and programs. */
export class PurchaseStatement {
  readonly #db: Database;
  readonly #statement: ReturnType<typeof buildStatement>;
  readonly #cards = new Map<string, CardIdentity>();
  readonly #terms = new Map<string, ProgramTerms>();

  constructor(db: Database) {
    this.#db = db;
    this.#statement = buildStatement(db);
  }

  /** The stored answer of the purchase, or null when it is not the common case (the statement then wrote nothing). */
  async record(input: PurchaseStatementInput): Promise<{ statusCode: number; body: PurchaseAnswer } | null> {
    const { body, merchantId, now } = input;
    if (!body.cardNumber || body.amount <= 0) return null;
    const known = await this.#know(merchantId, body.cardNumber, now);
    if (!known || known.terms.hasLevelUpOffer || (body.programId && body.programId !== known.card.programId)) return null;
    const { program, timeZone } = known.terms;
    const earned = pointsForSpend(program, BigInt(body.amount));
    if (earned <= 0n) return null;
    const entryId = randomUUID();
    const expiresAt = lotExpiresAt(program, now, timeZone);
    try {
      const [row] = await this.#statement.execute({
        cardId: known.card.cardId,
        programId: known.card.programId,
        memberAccountId: String(known.card.memberAccountId),
        issuanceAccountId: String(known.card.issuanceAccountId),
        merchantId,
        scope: input.scope,
        key: input.key,
        lockName: idempotencyLockName(input),
        requestHash: input.requestHash,
        billNumber: body.billNumber,
        amount: String(body.amount),
        earned: String(earned),
        entryId,
        metadata: JSON.stringify({ source: 'purchase', billNumber: body.billNumber, items: body.items ?? [] }),
        expiresAt: expiresAt?.toISOString() ?? null,
        now: now.toISOString(),
      });
      if (!row?.body) return null;
      publishChanges([changeTags.card(known.card.cardId)]);
      return { statusCode: 201, body: row.body };
    } catch (error) {
      // A bill number reported before, or a request with the same key that committed meanwhile.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** The card's identity and its program's terms, read once and then kept (the terms for a short while). */
  async #know(merchantId: number, cardNumber: string, now: Date) {
    const cacheKey = `${merchantId}:${cardNumber}`;
    const card = this.#cards.get(cacheKey);
    const terms = card && this.#terms.get(card.programId);
    if (card && terms && now.getTime() - terms.readAt < programTermsTtlMs && terms.readAt <= now.getTime()) return { card, terms };

    const found = await findEarningContext(this.#db, { merchantId, number: cardNumber });
    // A card that has never earned has no wallet yet: the first earn makes it.
    if (!found?.memberAccount || !found.issuanceAccount) return undefined;
    if (this.#cards.size >= cacheLimit) this.#cards.clear();
    if (this.#terms.size >= cacheLimit) this.#terms.clear();
    const identity: CardIdentity = {
      cardId: found.card.id,
      programId: found.card.programId,
      memberAccountId: found.memberAccount.id,
      issuanceAccountId: found.issuanceAccount.id,
    };
    const fresh: ProgramTerms = { program: found.program, timeZone: found.timeZone, hasLevelUpOffer: found.levelUpOffer !== null, readAt: now.getTime() };
    this.#cards.set(cacheKey, identity);
    this.#terms.set(identity.programId, fresh);
    return { card: identity, terms: fresh };
  }
}
