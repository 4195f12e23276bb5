import { randomUUID } from 'node:crypto';
import type { PurchaseAnswer, PurchaseBody } from '@kartu/contracts';
import { sql, type SQL } from 'drizzle-orm';
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
import { valueMovingCardStatus } from '../../modules/ledger/card-ref.ts';
import { earnStatement, earnStatementRan, earnStatementValues } from '../../modules/ledger/earn-statement.ts';
import { findEarnAccountsOf, getLifetimeEarned } from '../../modules/ledger/ledger.service.ts';
import { pointsForSpend } from '../../modules/programs/earn-rate.ts';
import { queuePushes } from '../../modules/push/push.queue.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { lotExpiresAt } from '../../modules/programs/lot-expiry.ts';
import { getProgram, getProgramLevels } from '../../modules/programs/programs.service.ts';
import type { ProgramRow } from '../../modules/programs/programs.table.ts';

/*
 * The common purchase — a card number, an active card that has earned before and whose earn
 * carries it across no level of its program, a program without a level-up offer, a bill that earns something — as
 * one SQL statement: the ledger's one-statement earn, with the bill, the member's inbox message and
 * the idempotency key's answer written by the same statement. It either does all of it or nothing,
 * in which case recordPurchase decides with the whole rule set: the answer of a key seen before, a
 * 409 while another request holds the key, refusals, first earns, levels reached and level-up rewards.
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
  /** The experience each level of the program needs (those above none). */
  levelExperiences: bigint[];
}

// Program terms change by operator action only; purchases follow a change within this time.
export const programTermsTtlMs = 10_000;
// A card's identity never changes: it is read again only to bound the cache's memory over time.
const cardIdentityTtlMs = 60 * 60 * 1000;
const cacheLimit = 10_000;
// A card's lifetime earnings moved outside this process (another instance, a reversal) are read again within this time.
const lifetimeTtlMs = 10_000;
/** This process's own tag for a card's known lifetime earnings: dropped when the general path earns. */
const lifetimeTag = (cardId: string) => `purchase-lifetime:${cardId}`;

/** True while no level of the program lies between the card's lifetime earnings before the earn (excluded) and after it. */
function crossesNoLevel(programId: SQL): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from program_levels level where level.program_id = ${programId} and level.experience > ${sql.placeholder('lifetimeBefore')}::bigint and level.experience <= ${sql.placeholder('lifetimeAfter')}::bigint)`;
}

function buildStatement(db: Database) {
  const earn = earnStatement(db, {
    // An offer or a level added since the terms were read: recordPurchase grants and tells it.
    proceed: ({ programId }) => sql`${programOffersNoReward('level-up', programId)} and ${crossesNoLevel(programId)} and ${keyIsFree()}`,
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
    .select({
      body: sql<PurchaseAnswer | null>`(select response_body from ${answer})`,
      // The member's message, for their browsers to be told of it once the statement has committed.
      messageId: sql<string | null>`(select id from ${message})`,
      memberId: sql<string | null>`(select user_id from ${message})`,
    })
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
  /**
   * Each card's lifetime earnings as this process last knew them, read once and then moved by the
   * purchases it records: a purchase that would carry them across a level takes the general path,
   * which tells the member (grantLevelUpRewards). Earnings moved elsewhere (another instance, a
   * reversal) are read again within `lifetimeTtlMs`.
   */
  readonly #lifetimes = new TaggedCache<bigint>({ maxEntries: cacheLimit });

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
    const lifetimeTicket = this.#lifetimes.ticket();
    // Without levels (as far as the terms know) the statement's check of levels added meanwhile looks at 0 to `earned`.
    const lifetime = terms.levelExperiences.length === 0 ? 0n : await this.#lifetimeOf(merchantId, card, now);
    if (terms.levelExperiences.some((experience) => lifetime < experience && experience <= lifetime + earned)) {
      // The general path earns, and tells the level reached; what this process knew is then out of date.
      this.#lifetimes.drop([lifetimeTag(card.cardId)]);
      return null;
    }
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
        lifetimeBefore: String(lifetime),
        lifetimeAfter: String(lifetime + earned),
        billNumber: body.billNumber,
        billAmount: String(body.amount),
      });
      if (!row?.body) return null;
      earnStatementRan(card.cardId);
      if (row.messageId && row.memberId) await this.#pushMessage({ merchantId, cardId: card.cardId, program: terms.program, messageId: row.messageId, userId: row.memberId, earned, balance: row.body.balance, now });
      if (terms.levelExperiences.length > 0) this.#keepLifetime(card, lifetime + earned, lifetimeTicket, now);
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
    this.#lifetimes.close();
  }

  /**
   * Queues the pushes of the purchase's points_earned message, as leaveMessage does on the general
   * path; after the statement, which cannot hold another data-modifying part in its inbox message's.
   * The purchase has committed: a push that cannot be queued is lost, never the purchase's answer.
   */
  async #pushMessage(options: { merchantId: number; cardId: string; program: ProgramRow; messageId: string; userId: string; earned: bigint; balance: number; now: Date }): Promise<void> {
    const { merchantId, cardId, program, messageId, userId, earned, balance, now } = options;
    const facts = { kind: 'points_earned', points: toJsonNumber(earned), unit: program.unit, balance, programName: program.name } as const;
    const message = { id: messageId, facts, link: cardPagePath(cardId), cardId };
    await queuePushes({ tx: this.#db, merchantId, messages: [{ userId, message }], now }).catch(() => 0);
  }

  async #lifetimeOf(merchantId: number, card: CardIdentity, now: Date): Promise<bigint> {
    const known = this.#lifetimes.get(card.cardId, now.getTime());
    if (known !== undefined) return known;
    const ticket = this.#lifetimes.ticket();
    // Only an active card's purchase takes the statement, which checks it is still active.
    const lifetime = await getLifetimeEarned({ db: this.#db, card: { id: card.cardId, merchantId, programId: card.programId, status: valueMovingCardStatus } });
    this.#keepLifetime(card, lifetime, ticket, now);
    return lifetime;
  }

  #keepLifetime(card: CardIdentity, lifetime: bigint, ticket: number, now: Date): void {
    this.#lifetimes.set(card.cardId, lifetime, { tags: [changeTags.program(card.programId), lifetimeTag(card.cardId)], validUntil: now.getTime() + lifetimeTtlMs, ticket });
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
    const [{ program, timeZone }, offer, levels] = await Promise.all([
      getProgram({ db: this.#db, merchantId, programId }),
      getProgramOffer({ db: this.#db, programId, kind: 'level-up' }),
      getProgramLevels({ db: this.#db, programId }),
    ]);
    const levelExperiences = levels.map((level) => level.experience).filter((experience) => experience > 0n);
    const terms = { program, timeZone, hasLevelUpOffer: offer !== undefined, levelExperiences };
    this.#terms.set(programId, terms, { tags: [changeTags.program(programId)], validUntil: now.getTime() + programTermsTtlMs, ticket });
    return terms;
  }
}
