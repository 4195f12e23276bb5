import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { type TestApp, merchantIdOf, useTestApp } from '../../test/test-app.ts';
import { cards, type CardRow } from '../card-access/cards.table.ts';
import { findAccount } from './accounts.repository.ts';
import { expireLots, listExpiringLots } from './expiry.service.ts';
import { listEntries } from './history.service.ts';
import { journalEntries, postings } from './journal.table.ts';
import { daysAfter, ledgerInvariantViolations, noViolations, programWithCards } from './ledger.test-support.ts';
import { ensureMerchantAccount, getAccountBalance, getBalance, getEarnedExperience, getCardFigures, getLifetimeEarned, postEntry } from './ledger.service.ts';
import { lotConsumptions, lots } from './lots.table.ts';
import { adjust, earn, redeem, transfer } from './points.service.ts';
import { reverseEntry } from './reversal.service.ts';

let testApp: TestApp;
let merchantId: number;
const start = new Date('2025-03-01T03:00:00Z');
useTestApp((made) => ({ testApp, merchantId } = made));

async function freshCards(count: number, program = {}) {
  return (await programWithCards(testApp.db, { merchantId, cards: count, program })).cards;
}

async function balanceOf(card: CardRow, now = start) {
  return getBalance({ db: testApp.db, card, now });
}

async function lotsOf(card: CardRow) {
  const account = await findAccount(testApp.db, { merchantId, programId: card.programId, kind: 'member', cardId: card.id });
  if (!account) return [];
  return testApp.db.select().from(lots).where(eq(lots.accountId, account.id)).orderBy(lots.id);
}

async function tableCounts() {
  const [entries] = await testApp.db.select({ value: count() }).from(journalEntries);
  const [postingCount] = await testApp.db.select({ value: count() }).from(postings);
  const [lotCount] = await testApp.db.select({ value: count() }).from(lots);
  const [consumptions] = await testApp.db.select({ value: count() }).from(lotConsumptions);
  return [entries?.value, postingCount?.value, lotCount?.value, consumptions?.value];
}

const db = () => testApp.db;

/** The driver wraps database errors; the trigger's message sits somewhere in the cause chain. */
function causeMessages(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(' <- ');
}

describe('earn', () => {
  it("credits the card from the issuance account with a lot carrying the program's expiry", async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    const entry = await earn({ db: db(), now: start, merchantId, card, amount: 120n, reference: 'BILL-1' });
    expect(entry.kind).toBe('earn');
    expect(await balanceOf(card)).toBe(120n);
    expect(await lotsOf(card)).toMatchObject([{ amount: 120n, remaining: 120n, expiresAt: daysAfter(start, 30) }]);
    const issuance = await ensureMerchantAccount({ db: db(), merchantId, programId: card.programId, kind: 'issuance' });
    expect(await getAccountBalance(db(), issuance)).toBe(-120n);
    // The merchant's side keeps no cached balance, so earns on different cards never wait on it.
    expect(issuance.balance).toBe(0n);
  });

  it('refuses a card of another merchant as not found', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    const lumina = await merchantIdOf(db(), 'LUMINABEAUTY');
    await expect(earn({ db: db(), now: start, merchantId: lumina, card, amount: 5n })).rejects.toMatchObject({ code: 'CARD_NOT_FOUND' });
  });
});

describe('redeem', () => {
  it('spends the soonest-expiring value first, even when it arrived later', async () => {
    const [giver, member] = await freshCards(2);
    if (!giver || !member) throw new Error('no cards');
    await earn({ db: db(), now: start, merchantId, card: giver, amount: 50n });
    // The member's own points expire on day 40; the gift keeps the giver's day-30 expiry.
    await earn({ db: db(), now: daysAfter(start, 10), merchantId, card: member, amount: 100n });
    await transfer({ db: db(), now: daysAfter(start, 12), merchantId, from: giver, to: member, amount: 50n });
    await redeem({ db: db(), now: daysAfter(start, 13), merchantId, card: member, amount: 70n });
    const [own, gift] = await lotsOf(member);
    expect(gift).toMatchObject({ amount: 50n, remaining: 0n, expiresAt: daysAfter(start, 30) });
    expect(own).toMatchObject({ amount: 100n, remaining: 80n, expiresAt: daysAfter(start, 40) });
  });

  it('spends never-expiring value last', async () => {
    const [card] = await freshCards(1, { expiryPolicy: 'none', expiryDays: null });
    if (!card) throw new Error('no card');
    await earn({ db: db(), now: start, merchantId, card, amount: 10n });
    await earn({ db: db(), now: daysAfter(start, 1), merchantId, card, amount: 10n });
    await redeem({ db: db(), now: daysAfter(start, 2), merchantId, card, amount: 15n });
    expect((await lotsOf(card)).map((lot) => lot.remaining)).toEqual([0n, 5n]);
  });

  it('refuses to go below zero with INSUFFICIENT_BALANCE and writes nothing', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    await earn({ db: db(), now: start, merchantId, card, amount: 30n });
    const before = await tableCounts();
    await expect(redeem({ db: db(), now: start, merchantId, card, amount: 31n })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', statusCode: 422 });
    expect(await tableCounts()).toEqual(before);
    expect(await balanceOf(card)).toBe(30n);
  });

  it('refuses an inactive card', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    await earn({ db: db(), now: start, merchantId, card, amount: 30n });
    const [suspended] = await db().update(cards).set({ status: 'suspended' }).where(eq(cards.id, card.id)).returning();
    if (!suspended) throw new Error('no card');
    await expect(redeem({ db: db(), now: start, merchantId, card: suspended, amount: 1n })).rejects.toMatchObject({ code: 'CARD_NOT_ACTIVE' });
  });
});

describe('transfer', () => {
  it('moves value between cards of one program and names the other card in both histories', async () => {
    const [from, to] = await freshCards(2);
    if (!from || !to) throw new Error('no cards');
    await earn({ db: db(), now: start, merchantId, card: from, amount: 40n });
    const entry = await transfer({ db: db(), now: daysAfter(start, 1), merchantId, from: from, to: to, amount: 25n });
    expect([await balanceOf(from), await balanceOf(to)]).toEqual([15n, 25n]);
    const sent = await listEntries({ db: db(), card: from });
    const received = await listEntries({ db: db(), card: to });
    expect(sent.items[0]).toMatchObject({ entryId: entry.id, kind: 'transfer', amount: -25n, counterpartyCardId: to.id });
    expect(received.items[0]).toMatchObject({ entryId: entry.id, amount: 25n, counterpartyCardId: from.id });
  });

  it('refuses cards of different programs', async () => {
    const [a] = await freshCards(1);
    const [b] = await freshCards(1);
    if (!a || !b) throw new Error('no cards');
    await earn({ db: db(), now: start, merchantId, card: a, amount: 10n });
    await expect(transfer({ db: db(), now: start, merchantId, from: a, to: b, amount: 5n })).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
    });
  });
});

describe('adjust', () => {
  it('adds and removes value with a reason through the adjustment account', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    await adjust({ db: db(), now: start, merchantId, card, amount: 60n, reason: 'Missed stamp' });
    const removal = await adjust({ db: db(), now: start, merchantId, card, amount: -20n, reason: 'Duplicate' });
    expect(removal.description).toBe('Duplicate');
    expect(await balanceOf(card)).toBe(40n);
    const account = await ensureMerchantAccount({ db: db(), merchantId, programId: card.programId, kind: 'adjustment' });
    expect(await getAccountBalance(db(), account)).toBe(-40n);
    await expect(adjust({ db: db(), now: start, merchantId, card, amount: -41n, reason: 'Too much' })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await expect(adjust({ db: db(), now: start, merchantId, card, amount: 0n, reason: 'Nothing' })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    await expect(adjust({ db: db(), now: start, merchantId, card, amount: 5n, reason: ' ' })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
  });
});

describe('expiry', () => {
  it('posts expired value to the expiry account and lists what expires next', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    await earn({ db: db(), now: start, merchantId, card, amount: 100n });
    await earn({ db: db(), now: daysAfter(start, 20), merchantId, card, amount: 7n });
    await redeem({ db: db(), now: daysAfter(start, 21), merchantId, card, amount: 30n });
    expect(await listExpiringLots({ db: db(), card, now: daysAfter(start, 21) })).toEqual([
      { remaining: 70n, expiresAt: daysAfter(start, 30) },
      { remaining: 7n, expiresAt: daysAfter(start, 50) },
    ]);
    const later = daysAfter(start, 31);
    // Before the sweep runs, expired value is already not spendable.
    expect(await balanceOf(card, later)).toBe(7n);
    const posted = await expireLots({ db: db(), now: later, merchantId });
    expect(posted.filter((entry) => entry.programId === card.programId)).toHaveLength(1);
    expect(await balanceOf(card, later)).toBe(7n);
    const expiry = await ensureMerchantAccount({ db: db(), merchantId, programId: card.programId, kind: 'expiry' });
    expect(await getAccountBalance(db(), expiry)).toBe(70n);
    expect((await listEntries({ db: db(), card })).items[0]).toMatchObject({ kind: 'expiry', amount: -70n });
  });

  it('expires value before a spend even when the sweep has not run', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    await earn({ db: db(), now: start, merchantId, card, amount: 100n });
    await expect(redeem({ db: db(), now: daysAfter(start, 30), merchantId, card, amount: 1n })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await earn({ db: db(), now: daysAfter(start, 30), merchantId, card, amount: 5n });
    await redeem({ db: db(), now: daysAfter(start, 30), merchantId, card, amount: 5n });
    const kinds = (await listEntries({ db: db(), card })).items.map((item) => item.kind);
    expect(kinds).toContain('expiry');
  });
});

describe('reverseEntry', () => {
  it('puts a reversed spend back into the lots it came from', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    await earn({ db: db(), now: start, merchantId, card, amount: 50n });
    const spend = await redeem({ db: db(), now: start, merchantId, card, amount: 50n });
    const reversal = await reverseEntry({ db: db(), now: daysAfter(start, 1), merchantId, entryId: spend.id, reason: 'Order cancelled' });
    expect(reversal).toMatchObject({ kind: 'reversal', reversesEntryId: spend.id });
    expect(await lotsOf(card)).toMatchObject([{ amount: 50n, remaining: 50n, expiresAt: daysAfter(start, 30) }]);
    expect(await balanceOf(card)).toBe(50n);
    const history = await listEntries({ db: db(), card });
    expect(history.items.find((item) => item.entryId === spend.id)?.reversedByEntryId).toBe(reversal.id);
  });

  it('takes back a reversed earn, and refuses once its points are spent', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    const kept = await earn({ db: db(), now: start, merchantId, card, amount: 10n });
    const spent = await earn({ db: db(), now: start, merchantId, card, amount: 30n });
    await reverseEntry({ db: db(), now: start, merchantId, entryId: kept.id });
    expect(await balanceOf(card)).toBe(30n);
    expect(await getLifetimeEarned({ db: db(), card })).toBe(30n);
    // The list's one-query version counts the same way, and leaves out cards without a wallet.
    const [other] = await freshCards(1);
    if (!other) throw new Error('no card');
    const figures = await getCardFigures({ db: db(), merchantId, cardIds: [card.id, other.id], now: start });
    expect([...figures]).toEqual([[card.id, { spendable: 30n, changesAt: expect.any(Date), lifetimeEarned: 30n, earnedInRetentionPeriod: 30n }]]);
    await redeem({ db: db(), now: start, merchantId, card, amount: 25n });
    const before = await tableCounts();
    await expect(reverseEntry({ db: db(), now: start, merchantId, entryId: spent.id })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await tableCounts()).toEqual(before);
  });

  it('counts only the earns of the last 365 days toward retention, dating a reversal by the earn it takes back', async () => {
    const [card, other] = await freshCards(2, { expiryPolicy: 'none', expiryDays: null });
    if (!card || !other) throw new Error('no card');
    const now = daysAfter(start, 500);
    await earn({ db: db(), now: start, merchantId, card, amount: 500n });
    const old = await earn({ db: db(), now: daysAfter(start, 1), merchantId, card, amount: 1_000n });
    await earn({ db: db(), now: daysAfter(now, -365), merchantId, card, amount: 70n });
    const recent = await earn({ db: db(), now: daysAfter(now, -10), merchantId, card, amount: 200n });
    await earn({ db: db(), now: daysAfter(now, -5), merchantId, card, amount: 50n });
    // Reversed today: the old earn leaves the lifetime total only, the recent one both totals.
    await reverseEntry({ db: db(), now, merchantId, entryId: old.id });
    await reverseEntry({ db: db(), now, merchantId, entryId: recent.id });
    await redeem({ db: db(), now, merchantId, card, amount: 300n });

    expect(await getEarnedExperience({ db: db(), card, now })).toEqual({ lifetimeEarned: 620n, earnedInRetentionPeriod: 120n });
    await earn({ db: db(), now: daysAfter(now, -366), merchantId, card: other, amount: 90n });
    const figures = await getCardFigures({ db: db(), merchantId, cardIds: [card.id, other.id], now });
    expect(Object.fromEntries(figures)).toEqual({
      [card.id]: { spendable: 320n, changesAt: null, lifetimeEarned: 620n, earnedInRetentionPeriod: 120n },
      [other.id]: { spendable: 90n, changesAt: null, lifetimeEarned: 90n, earnedInRetentionPeriod: 0n },
    });
  });

  it('reverses an entry at most once and never reverses a reversal', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    const entry = await earn({ db: db(), now: start, merchantId, card, amount: 10n });
    const reversal = await reverseEntry({ db: db(), now: start, merchantId, entryId: entry.id });
    await expect(reverseEntry({ db: db(), now: start, merchantId, entryId: entry.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(reverseEntry({ db: db(), now: start, merchantId, entryId: reversal.id })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    await expect(reverseEntry({ db: db(), now: start, merchantId, entryId: 'not-an-entry' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('listEntries', () => {
  it('pages newest first with a cursor', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    for (let day = 0; day < 5; day += 1) await earn({ db: db(), now: daysAfter(start, day), merchantId, card, amount: BigInt(day + 1) });
    const first = await listEntries({ db: db(), card, limit: 2 });
    expect(first.items.map((item) => item.amount)).toEqual([5n, 4n]);
    const second = await listEntries({ db: db(), card, limit: 2, cursor: first.nextCursor });
    const third = await listEntries({ db: db(), card, limit: 2, cursor: second.nextCursor });
    expect(second.items.map((item) => item.amount)).toEqual([3n, 2n]);
    expect(third.items.map((item) => item.amount)).toEqual([1n]);
    expect(third.nextCursor).toBeNull();
    await expect(listEntries({ db: db(), card, cursor: 'garbage' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('postEntry', () => {
  it('refuses postings that do not sum to zero or hold a zero amount', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    const issuance = await ensureMerchantAccount({ db: db(), merchantId, programId: card.programId, kind: 'issuance' });
    const redemption = await ensureMerchantAccount({ db: db(), merchantId, programId: card.programId, kind: 'redemption' });
    const post = (amounts: [bigint, bigint]) =>
      db().transaction((tx) =>
        postEntry({
          tx,
          merchantId,
          programId: card.programId,
          kind: 'adjustment',
          now: start,
          postings: [
            { account: issuance, amount: amounts[0] },
            { account: redemption, amount: amounts[1] },
          ],
        }),
      );
    await expect(post([-5n, 4n])).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    await expect(post([0n, 0n])).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    // Merchant accounts may go below zero.
    await expect(post([-5n, 5n])).resolves.toMatchObject({ kind: 'adjustment' });
  });

  it('is refused by the database at commit when an entry inserted by hand is unbalanced', async () => {
    const [card] = await freshCards(1);
    if (!card) throw new Error('no card');
    const issuance = await ensureMerchantAccount({ db: db(), merchantId, programId: card.programId, kind: 'issuance' });
    const attempt = db().transaction(async (tx) => {
      const [entry] = await tx.insert(journalEntries).values({ merchantId, programId: card.programId, kind: 'adjustment', occurredAt: start }).returning();
      if (!entry) throw new Error('no entry');
      await tx.insert(postings).values({ entryId: entry.id, accountId: issuance.id, amount: 9n, occurredAt: start });
    });
    await expect(attempt.catch((error: unknown) => Promise.reject(new Error(causeMessages(error))))).rejects.toThrow(/unbalanced/);
    const leftovers = await db().select().from(postings).where(and(eq(postings.accountId, issuance.id), eq(postings.amount, 9n)));
    expect(leftovers).toEqual([]);
  });

  it('keeps every ledger invariant after all of the above', async () => {
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });
});
