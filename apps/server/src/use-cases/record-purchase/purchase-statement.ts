import { randomUUID } from 'node:crypto';
import type { PurchaseAnswer, PurchaseBody } from '@kartu/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { changeTags } from '../../lib/change-feed.ts';
import { TaggedCache } from '../../lib/tagged-cache.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import { findCardByTypedNumber } from '../../modules/cards/cards.service.ts';
import { getProgramOffer } from '../../modules/cards/rewards.service.ts';
import { programOffersNoReward } from '../../modules/cards/rewards.statement.ts';
import type { IdempotencyKeyId } from '../../modules/idempotency/idempotency.service.ts';
import { keyIsFree, keyStatementValues, storeAnswer } from '../../modules/idempotency/idempotency.statement.ts';
import { pointsEarnedMessage, pointsEarnedMessageValues } from '../../modules/inbox/inbox.statement.ts';
import { earnStatement, earnStatementRan, earnStatementValues } from '../../modules/ledger/earn-statement.ts';
import { findEarnAccountsOf } from '../../modules/ledger/ledger.service.ts';
import { pointsForSpend } from '../../modules/programs/earn-rate.ts';
import { lotExpiresAt } from '../../modules/programs/lot-expiry.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import type { ProgramRow } from '../../modules/programs/programs.table.ts';

/*
 * The common purchase — a card number, an active card that has earned before, a program without a
 * level-up offer, a bill that earns something — as one SQL statement: the ledger's one-statement
 * earn, with the bill, the member's inbox message and the idempotency key's answer written by the
 * same statement. It either does all of it or nothing, in which case recordPurchase decides with
 * the whole rule set: the answer of a key seen before, a 409 while another request holds the key,
 * refusals, first earns and level-up rewards.
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
}

// Program terms change by operator action only; purchases follow a change within this time.
export const programTermsTtlMs = 10_000;
// A card's identity never changes: it is read again only to bound the cache's memory over time.
const cardIdentityTtlMs = 60 * 60 * 1000;
const cacheLimit = 10_000;

function buildStatement(db: Database) {
  const earn = earnStatement(db, {
    // An offer added since the terms were read: recordPurchase grants it.
    proceed: ({ programId }) => sql`${programOffersNoReward('level-up', programId)} and ${keyIsFree()}`,
  });
  // A bill number seen before breaks the statement on the unique key: nothing of it stays.
  const bill = db.$with('bill', { cardId: sql<string>`card_id` }).as(
    sql`insert into integration_purchases (merchant_id, bill_number, card_id, amount, earned, entry_id, created_at)
      select merchant_id, ${sql.placeholder('billNumber')}::text, card_id, ${sql.placeholder('billAmount')}::bigint, earned, entry_id, occurred_at
      from ${earn.earned}
      returning card_id`,
  );
  const answer = storeAnswer(db, {
    after: earn.earned,
    statusCode: 201,
    body: sql`jsonb_build_object('entryId', entry_id::text, 'earned', earned, 'balance', spendable)`,
  });
  const message = pointsEarnedMessage(db, { after: earn.earned });
  return db
    .with(...earn.parts, bill, message, answer)
    .select({ body: sql<PurchaseAnswer | null>`(select response_body from ${answer})` })
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
  readonly #cards = new TaggedCache<CardIdentity>({ maxEntries: cacheLimit });
  readonly #terms = new TaggedCache<ProgramTerms>({ maxEntries: cacheLimit });

  constructor(db: Database) {
    this.#db = db;
    this.#statement = buildStatement(db);
  }

  /** The stored answer of the purchase, or null when it is not the common case (the statement then wrote nothing). */
  async record(input: PurchaseStatementInput): Promise<{ statusCode: number; body: PurchaseAnswer } | null> {
    const { body, merchantId, now } = input;
    if (!body.cardNumber || body.amount <= 0) return null;
    const card = await this.#cardIdentity(merchantId, body.cardNumber, now);
    if (!card || (body.programId && body.programId !== card.programId)) return null;
    const terms = await this.#programTerms(merchantId, card.programId, now);
    if (terms.hasLevelUpOffer) return null;
    const earned = pointsForSpend(terms.program, BigInt(body.amount));
    if (earned <= 0n) return null;
    try {
      const [row] = await this.#statement.execute({
        ...earnStatementValues({
          ...card,
          merchantId,
          earned,
          entryId: randomUUID(),
          reference: body.billNumber,
          metadata: { source: 'purchase', billNumber: body.billNumber, items: body.items ?? [] },
          expiresAt: lotExpiresAt(terms.program, now, terms.timeZone),
          now,
        }),
        ...keyStatementValues(input),
        ...pointsEarnedMessageValues({ link: cardPagePath(card.cardId) }),
        billNumber: body.billNumber,
        billAmount: String(body.amount),
      });
      if (!row?.body) return null;
      earnStatementRan(card.cardId);
      return { statusCode: 201, body: row.body };
    } catch (error) {
      // A bill number reported before, or a request with the same key that committed meanwhile.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  close(): void {
    this.#cards.close();
    this.#terms.close();
  }

  /** The card's identity, once it has the accounts the statement posts to; undefined until then. */
  async #cardIdentity(merchantId: number, cardNumber: string, now: Date): Promise<CardIdentity | undefined> {
    const key = `${merchantId}:${cardNumber}`;
    const cached = this.#cards.get(key, now.getTime());
    if (cached) return cached;
    const ticket = this.#cards.ticket();
    const card = await findCardByTypedNumber({ db: this.#db, merchantId, number: cardNumber });
    // A card that has never earned has no wallet yet: the first earn makes it.
    const accounts = card && (await findEarnAccountsOf({ db: this.#db, card }));
    if (!card || !accounts?.member || !accounts.issuance) return undefined;
    const identity = { cardId: card.id, programId: card.programId, memberAccountId: accounts.member.id, issuanceAccountId: accounts.issuance.id };
    this.#cards.set(key, identity, { tags: [], validUntil: now.getTime() + cardIdentityTtlMs, ticket });
    return identity;
  }

  async #programTerms(merchantId: number, programId: string, now: Date): Promise<ProgramTerms> {
    const cached = this.#terms.get(programId, now.getTime());
    if (cached) return cached;
    const ticket = this.#terms.ticket();
    const [{ program, timeZone }, offer] = await Promise.all([
      getProgram({ db: this.#db, merchantId, programId }),
      getProgramOffer({ db: this.#db, programId, kind: 'level-up' }),
    ]);
    const terms = { program, timeZone, hasLevelUpOffer: offer !== undefined };
    this.#terms.set(programId, terms, { tags: [changeTags.program(programId)], validUntil: now.getTime() + programTermsTtlMs, ticket });
    return terms;
  }
}
