import { DAY_MS } from '@kartu/core/calendar';
import { and, asc, eq } from 'drizzle-orm';
import type { PurchaseBody } from '@kartu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, type CardRow } from '../../modules/card-access/cards.table.ts';
import { programRewards } from '../../modules/cards/rewards.table.ts';
import { ledgerAccounts } from '../../modules/ledger/accounts.table.ts';
import { journalEntries, postings } from '../../modules/ledger/journal.table.ts';
import { daysAfter, ledgerInvariantViolations, noViolations } from '../../modules/ledger/ledger.test-support.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { lots } from '../../modules/ledger/lots.table.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { idempotencyKeys } from '../../modules/idempotency/idempotency.table.ts';
import { requestHash } from '../../modules/idempotency/request-hash.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { merchantSetup } from '../../integration/integration.test-support.ts';
import { integrationClient, type IntegrationClient } from '../../test/integration-client.ts';
import { PurchaseStatement } from './purchase-statement.ts';
import { recordPurchaseInTransaction } from './record-purchase.ts';
import { integrationPurchases } from '../../integration/purchases.table.ts';

const onPostgresServer = process.env.KARTU_TEST_DB === 'postgres';
const scope = 'integration.purchases';

let testApp: TestApp;
let setup: Awaited<ReturnType<typeof merchantSetup>>;
let statement: PurchaseStatement;
let pos: IntegrationClient;
let sequence = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  // 1 point per 1,000 spent; value lives 30 days.
  setup = await merchantSetup(testApp, { cards: 8, program: { expiryPolicy: 'rolling-days', expiryDays: 30 } });
  statement = new PurchaseStatement(testApp.db);
  pos = await integrationClient(testApp, { key: setup.key });
});
afterAll(async () => {
  expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  await testApp.close();
});

function card(index: number): CardRow {
  const found = setup.cards[index];
  if (!found) throw new Error(`No card ${index}`);
  return found;
}

const now = () => testApp.clock.now();
const merchantId = () => setup.merchantId;

function purchaseInput(body: PurchaseBody, key = `key-${(sequence += 1)}`) {
  return { merchantId: merchantId(), scope, key, requestHash: requestHash({ params: {}, body }), body, now: now() };
}

const purchase = (body: PurchaseBody, idempotencyKey: string) => pos.POST('/integration/v1/purchases', { params: { header: { 'idempotency-key': idempotencyKey } }, body });

const bill = (cardNumber: string, amount = 25_000): PurchaseBody => ({ cardNumber, amount, billNumber: `BILL-${(sequence += 1)}` });

/** The card's first earn makes its wallet; the one statement only takes over from then on. */
async function walletOf(index: number): Promise<CardRow> {
  await earn({ db: testApp.db, merchantId: merchantId(), card: card(index), amount: 1n, now: now() });
  return card(index);
}

async function rowsOfBill(billNumber: string) {
  const [purchase] = await testApp.db.select().from(integrationPurchases).where(eq(integrationPurchases.billNumber, billNumber));
  const entryId = purchase?.entryId ?? '';
  const [entry] = await testApp.db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
  const entryPostings = await testApp.db
    .select({ kind: ledgerAccounts.kind, amount: postings.amount })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entryId))
    .orderBy(asc(postings.amount));
  const entryLots = await testApp.db.select({ amount: lots.amount, remaining: lots.remaining, expiresAt: lots.expiresAt }).from(lots).where(eq(lots.entryId, entryId));
  return { purchase, entry, entryPostings, entryLots };
}

async function storedKey(key: string) {
  const [row] = await testApp.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row;
}

describe('a purchase in one statement', () => {
  it('writes what the transaction of recordPurchase writes, and stores the same answer', async () => {
    const quick = await walletOf(0);
    const general = await walletOf(1);
    const input = purchaseInput(bill(quick.number));
    const answer = await statement.record(input);
    const balance = await getBalance({ db: testApp.db, card: quick, now: now() });
    expect(answer).toEqual({ statusCode: 201, body: { entryId: expect.any(String), earned: 25, balance: Number(balance) } });
    expect(balance).toBe(26n);
    expect(await storedKey(input.key)).toMatchObject({ status: 'done', responseStatus: 201, responseBody: answer?.body, requestHash: input.requestHash });

    const generalBill = bill(general.number);
    await testApp.db.transaction((tx) => recordPurchaseInTransaction({ tx, merchantId: merchantId(), now: now(), cardNumber: general.number, amount: 25_000n, billNumber: generalBill.billNumber }));
    const byStatement = await rowsOfBill(input.body.billNumber);
    const byTransaction = await rowsOfBill(generalBill.billNumber);
    const comparable = ({ purchase, entry, entryPostings, entryLots }: Awaited<ReturnType<typeof rowsOfBill>>) => ({
      purchase: { ...purchase, billNumber: undefined, cardId: undefined, entryId: undefined },
      entry: { ...entry, id: undefined, reference: undefined, metadata: undefined, createdAt: undefined },
      entryPostings,
      entryLots,
    });
    expect(comparable(byStatement)).toEqual(comparable(byTransaction));
    expect(byStatement.entry).toMatchObject({ id: answer?.body.entryId, reference: input.body.billNumber, metadata: { source: 'purchase', billNumber: input.body.billNumber, items: [] } });
    expect(byStatement.entryLots).toEqual([{ amount: 25n, remaining: 25n, expiresAt: daysAfter(now(), 30) }]);
  });

  it("answers the card's spendable balance: value past its expiry that the sweep has not moved does not count", async () => {
    const expiring = await walletOf(2);
    testApp.clock.advance(31 * DAY_MS);
    const answer = await statement.record(purchaseInput(bill(expiring.number, 7_000)));
    expect(answer?.body).toMatchObject({ earned: 7, balance: 7 });
  });

  it.each([
    ['the card has never earned, so it has no wallet yet', async () => bill(card(3).number)],
    ['the bill is too small to earn', async () => bill((await walletOf(4)).number, 999)],
    ['another program is named', async () => ({ ...bill((await walletOf(4)).number), programId: '00000000-0000-4000-8000-000000000000' })],
    ['the purchase names a member, not a card', async () => ({ memberPhone: '+6281299990000', programId: setup.program.id, amount: 5_000, billNumber: `BILL-${(sequence += 1)}` })],
  ])('leaves the purchase to recordPurchase when %s', async (_case, body) => {
    const input = purchaseInput(await body());
    expect(await statement.record(input)).toBeNull();
    expect(await storedKey(input.key)).toBeUndefined();
  });

  it('writes nothing when the card is not active, the bill was reported before, or the key was used before', async () => {
    const wallet = await walletOf(5);
    const before = await getBalance({ db: testApp.db, card: wallet, now: now() });
    const first = purchaseInput(bill(wallet.number));
    expect(await statement.record(first)).not.toBeNull();

    const sameKey = { ...first, body: bill(wallet.number) };
    const sameBill = purchaseInput({ ...bill(wallet.number), billNumber: first.body.billNumber });
    await testApp.db.update(cards).set({ status: 'suspended' }).where(eq(cards.id, wallet.id));
    const suspended = purchaseInput(bill(wallet.number));
    expect(await statement.record(suspended)).toBeNull();
    await testApp.db.update(cards).set({ status: 'active' }).where(eq(cards.id, wallet.id));
    expect(await statement.record(sameKey)).toBeNull();
    expect(await statement.record(sameBill)).toBeNull();

    expect(await getBalance({ db: testApp.db, card: wallet, now: now() })).toBe(before + 25n);
    for (const input of [suspended, sameBill]) expect(await storedKey(input.key)).toBeUndefined();
  });
});

describe('purchases through the API', () => {
  it('answers a retry of a purchase made in one statement with the same answer, and earns once', async () => {
    const wallet = card(7);
    // The first purchase makes the wallet (the transaction); the second is the one statement.
    for (const round of [1, 2]) {
      const body = bill(wallet.number, 10_000);
      const first = await purchase(body, `retry-${round}`);
      const again = await purchase(body, `retry-${round}`);
      expect(first.response.status).toBe(201);
      expect(again.response.status).toBe(201);
      expect(again.data).toEqual(first.data);
      expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await getBalance({ db: testApp.db, card: wallet, now: now() })).toBe(20n);
  });

  it.skipIf(!onPostgresServer)('earns every one of 60 racing purchases on three cards once, with retries and a reused bill among them', async () => {
    const wallets = [await walletOf(0), await walletOf(1), await walletOf(5)];
    const before = await Promise.all(wallets.map((wallet) => getBalance({ db: testApp.db, card: wallet, now: now() })));
    const bodies = Array.from({ length: 60 }, (_, index) => ({ ...bill(wallets[index % 3]?.number ?? '', 3_000), billNumber: `RACE-${index}` }));
    const requests = [
      ...bodies.map((body, index) => purchase(body, `race-${index}`)),
      // Retries of the first ten with their keys, and bill 30 again under a new key.
      ...bodies.slice(0, 10).map((body, index) => purchase(body, `race-${index}`)),
      ...bodies.slice(30, 31).map((body) => purchase(body, 'race-reused-bill')),
    ];
    const statuses = (await Promise.all(requests)).map(({ response }) => response.status);
    // Whichever of a request and its retry comes second gets the first's answer, or 409 while it runs.
    for (let index = 0; index < 10; index += 1) {
      const pair = [statuses[index], statuses[60 + index]];
      expect(pair).toContain(201);
      expect(pair.every((status) => status === 201 || status === 409)).toBe(true);
    }
    expect(statuses.slice(10, 60).filter((_status, index) => index !== 20).every((status) => status === 201)).toBe(true);
    // Bill 30 earns once: under whichever key reached it first.
    expect([statuses[30], statuses[70]].sort()).toEqual([201, 409]);
    const after = await Promise.all(wallets.map((wallet) => getBalance({ db: testApp.db, card: wallet, now: now() })));
    expect(after.map((balance, index) => balance - (before[index] ?? 0n))).toEqual([60n, 60n, 60n]);
  });
});

// Last: the offer stays on the program for good.
describe('a program with a level-up offer', () => {
  it('leaves the purchase to recordPurchase, which grants level-up rewards, from the moment the offer exists', async () => {
    const wallet = await walletOf(6);
    // Known to the statement's cache as a program without an offer.
    expect(await statement.record(purchaseInput(bill(wallet.number)))).not.toBeNull();
    await testApp.db.insert(programRewards).values({ merchantId: merchantId(), programId: setup.program.id, kind: 'level-up', title: 'Level up', amount: 10n });
    const whileCached = purchaseInput(bill(wallet.number));
    expect(await statement.record(whileCached)).toBeNull();
    expect(await storedKey(whileCached.key)).toBeUndefined();
    testApp.clock.advance(10_000);
    expect(await statement.record(purchaseInput(bill(wallet.number)))).toBeNull();
  });
});
