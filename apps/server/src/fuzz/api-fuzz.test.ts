import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, orderAnswerSchema, transactionListAnswerSchema } from '@kartu/contracts';
import { MINUTE_MS } from '@kartu/core';
import { callIntegration, merchantSetup } from '../integration/integration.test-support.ts';
import { newCard, send as sendAs } from '../modules/cards/cards.test-support.ts';
import { earn as earnPoints } from '../modules/ledger/points.service.ts';
import { grantProgramReward } from '../modules/cards/rewards.service.ts';
import { images } from '../modules/media/images.table.ts';
import { vouchers } from '../modules/vouchers/vouchers.table.ts';
import { ledgerInvariantViolations, noViolations } from '../modules/ledger/ledger.test-support.ts';
import { demoProducts } from '../seed/seed-catalog.ts';
import { addAddress } from '../modules/addresses/addresses.test-support.ts';
import { newSubscriptionProgram, sandboxCard, subscribeAs } from '../modules/subscriptions/subscriptions.test-support.ts';
import { demoProgramIds } from '../seed/seed-cards.ts';
import { demoOutlet } from '../seed/seed-vouchers.ts';
import { memberPin, newMember, type TestMember } from '../test/members.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../test/test-app.ts';
import { memberRows } from './member-rows.ts';
import { type Caller, type FuzzRequest, type Mutation, requestsFor, type Pools } from './fuzz-requests.ts';
import { operationsOf, type Operation } from './openapi-operations.ts';
import { getCard } from '../modules/card-access/card-access.service.ts';

// Requests generated from the app's OpenAPI document, valid and mutated, signed in and not: none
// may answer 5xx or a status its operation does not declare, and none may change another member's
// data. FUZZ_REQUESTS sets the size (CI runs the short form), FUZZ_SEED replays a run.
const requestCount = Number(process.env.FUZZ_REQUESTS ?? 1_000);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CHUNK = 50;
// A wrong PIN now and then locks the member's PIN for an hour; the clock moves on so it unlocks.
const CLOCK_STEP_EVERY = 200;

interface Member extends TestMember {
  pin: string;
}

interface Outcome {
  operation: string;
  caller: Caller;
  mutation: Mutation;
  status: number;
}

interface Failure extends Outcome {
  url: string;
  why: string;
  body: string;
}

let testApp: TestApp;
let tillKey: string;
let strangerKey: string;
/** Signed in at another merchant: their session must not work here. */
let stranger: TestMember;
let member: Member;
let throwaway: Member | undefined;
let victims: TestMember[];
let pools: Pools;
/** The member's paid card the development endpoint may end the period of. */
let periodEndingCardId: string;
let operations: Operation[];

const ownEntryIds = async (someone: TestMember, cardId: string) => {
  const answer = await testApp.app.inject({ method: 'GET', url: `/api/v2/cards/${cardId}/transactions`, headers: { host: someone.user.merchantId === member?.user.merchantId ? 'localhost' : 'v2.localhost', authorization: `Bearer ${someone.token}` } });
  return transactionListAnswerSchema.parse(answer.json()).data.map((entry) => entry.id);
};

async function voucherIdsOf(userId: string): Promise<string[]> {
  return (await testApp.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.userId, userId))).map((row) => row.id);
}

/** An order of one e-voucher paid in points, placed on the member's card of the demo shop. */
async function orderOf(owner: TestMember, cardId: string): Promise<string> {
  const card = await getCard({ db: testApp.db, merchantId: await merchantIdOf(testApp.db), cardId });
  await earnPoints({ db: testApp.db, now: testApp.clock.now(), merchantId: card.merchantId, card, amount: 1_000n });
  const voucher = demoProducts.find((product) => product.type === 'evoucher');
  const response = await sendAs(testApp, 'POST', `/api/v2/cards/${cardId}/orders`, {
    member: owner,
    body: { items: [{ productId: voucher?.id ?? '', quantity: 1 }], delivery: { method: 'none' } },
    headers: { 'idempotency-key': `fuzz-order-${cardId}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderAnswerSchema.parse(response.json()).data.id;
}

async function earn(key: string, cardNumber: string, amount: number, billNumber = `BILL-${Math.random().toString(36).slice(2)}`) {
  const answer = await callIntegration(testApp, 'POST', '/purchases', { key, body: { cardNumber, amount, billNumber } });
  if (answer.statusCode !== 201) throw new Error(`The setup purchase answered ${answer.statusCode}: ${answer.body}`);
  return billNumber;
}

/**
 * Cards of a subscription program for the member: some with a paid period (cancelling one leaves
 * nothing to change on it), two never subscribed, and a paid one kept for the development endpoint
 * that ends a period; and one for the victim of the same merchant, never subscribed, since that
 * endpoint ends anyone's period.
 */
async function subscriptionCards(merchantId: number, victim: TestMember) {
  const club = await newSubscriptionProgram(testApp, merchantId);
  const issue = (owner: TestMember) => newCard(testApp, { merchantId, programId: club.programId, owner });
  const paid = [await issue(member), await issue(member), await issue(member), await issue(member)];
  for (const card of paid) {
    // A sandbox card is charged in the answer: the period is paid at once.
    const answer = await subscribeAs(testApp, { ...member, card }, { planId: club.monthly.id, paymentMethod: 'credit_card', card: sandboxCard() });
    if (answer.statusCode !== 201) throw new Error(`The setup subscription answered ${answer.statusCode}: ${answer.body}`);
  }
  const unpaid = [await issue(member), await issue(member)];
  return {
    planIds: [club.monthly.id, club.yearly.id],
    ownCardIds: [...paid, ...unpaid].map((card) => card.id),
    periodEndingCardId: paid[0]!.id,
    theirCardId: (await issue(victim)).id,
  };
}

/** The member under test, another of the same merchant, and one of another merchant, with cards, points and rewards. */
async function setUp() {
  testApp = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000000', SESSION_RATE_LIMIT_PER_MINUTE: '100000000', INTEGRATION_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  const kopi = await merchantSetup(testApp, { cards: 3 });
  const lumina = await merchantSetup(testApp, { mid: 'LUMINABEAUTY', cards: 0 });
  tillKey = kopi.key;
  // The stranger belongs to a third merchant, so nothing it may rightly do touches either victim.
  strangerKey = (await merchantSetup(testApp, { mid: 'HAZEMNL', cards: 0 })).key;
  const luminaId = await merchantIdOf(testApp.db, 'LUMINABEAUTY');

  member = { ...(await newMember(testApp)), pin: memberPin };
  const recipient = await newMember(testApp);
  const sameMerchant = await newMember(testApp);
  const otherMerchant = await newMember(testApp, { host: 'v2.localhost' });
  victims = [sameMerchant, otherMerchant];
  stranger = await newMember(testApp, { host: 'age.localhost' });

  const ownCards = [
    await newCard(testApp, { merchantId: kopi.merchantId, programId: kopi.program.id, owner: member }),
    await newCard(testApp, { merchantId: kopi.merchantId, programId: demoProgramIds.kopiSenjaRewards, owner: member }),
  ];
  await newCard(testApp, { merchantId: kopi.merchantId, programId: kopi.program.id, owner: recipient });
  const theirCard = await newCard(testApp, { merchantId: kopi.merchantId, programId: kopi.program.id, owner: sameMerchant });
  const foreignCard = await newCard(testApp, { merchantId: luminaId, programId: lumina.program.id, owner: otherMerchant });
  const bills = [await earn(tillKey, ownCards[0]!.number, 5_000_000), await earn(tillKey, ownCards[1]!.number, 900_000)];
  await earn(tillKey, theirCard.number, 2_000_000);
  const foreignBill = await earn(lumina.key, foreignCard.number, 3_000_000);
  const ownReward = await grantProgramReward({ db: testApp.db, card: ownCards[1]!, kind: 'welcome', now: testApp.clock.now() });
  const theirKopiCard = await newCard(testApp, { merchantId: kopi.merchantId, programId: demoProgramIds.kopiSenjaRewards, owner: sameMerchant });
  const theirReward = await grantProgramReward({ db: testApp.db, card: theirKopiCard, kind: 'welcome', now: testApp.clock.now() });
  const ownKopiCard = await newCard(testApp, { merchantId: kopi.merchantId, programId: demoProgramIds.kopiSenjaRewards, owner: member });
  const ownOrder = await orderOf(member, ownKopiCard.id);
  const theirOrder = await orderOf(sameMerchant, theirKopiCard.id);

  const club = await subscriptionCards(kopi.merchantId, sameMerchant);
  periodEndingCardId = club.periodEndingCardId;
  const luminaClub = await newSubscriptionProgram(testApp, luminaId);
  const foreignClubCard = await newCard(testApp, { merchantId: luminaId, programId: luminaClub.programId, owner: otherMerchant });

  const unowned = [...kopi.cards, await newCard(testApp, { merchantId: kopi.merchantId, programId: kopi.program.id, activationCode: '4321' })];
  pools = {
    own: {
      id: ownCards.map((card) => card.id),
      transactionId: await ownEntryIds(member, ownCards[0]!.id),
      number: [...ownCards, ...unowned].map((card) => card.number),
      cardNumber: [...ownCards, ...unowned].map((card) => card.number),
      activationCode: ['4321'],
      memberPhone: [member.e164],
      phone: [recipient.phone, member.phone, recipient.e164],
      pin: [member.pin],
      newPin: ['271828', memberPin],
      identifierValue: [recipient.phone, member.phone, 'someone@example.com'],
      programId: [kopi.program.id, demoProgramIds.kopiSenjaRewards],
      rewardId: ownReward ? [ownReward.id] : [],
      billNumber: bills,
      reason: ['Counted twice'],
      file: ['343.webp', '686.webp', '480.webp', '64.webp'],
      imageId: (await testApp.db.select({ id: images.id }).from(images).where(eq(images.merchantId, kopi.merchantId))).map((image) => image.id),
      countryCode: ['62'],
      amount: [1, 25, 100, 25_000],
      cardId: [...club.ownCardIds, ownCards[0]!.id, ownCards[1]!.id, ownKopiCard.id],
      orderId: [ownOrder],
      voucherId: await voucherIdsOf(member.userId),
      outletId: [demoOutlet.id],
      outletCode: [demoOutlet.code, 'WRONG1'],
      distributorId: ['5eed0000-0000-4000-8000-000000000501'],
      planId: club.planIds,
      productId: demoProducts.map((product) => product.id),
      // One valid chain of areas, so that some generated addresses are saved.
      provinceCode: ['31'],
      regencyCode: ['31.74'],
      districtCode: ['31.74.07'],
      villageCode: ['31.74.07.1006'],
      zip: ['12190'],
      addressId: [(await addAddress(testApp, member)).id],
      token: [sandboxCard().token],
    },
    others: {
      id: [theirCard.id, foreignCard.id, theirKopiCard.id],
      transactionId: await ownEntryIds(sameMerchant, theirCard.id),
      number: [theirCard.number, foreignCard.number],
      cardNumber: [foreignCard.number],
      memberPhone: [otherMerchant.e164],
      phone: [otherMerchant.phone, otherMerchant.e164],
      rewardId: theirReward ? [theirReward.id] : [],
      billNumber: [foreignBill],
      imageId: (await testApp.db.select({ id: images.id }).from(images).where(eq(images.merchantId, luminaId))).map((image) => image.id),
      programId: [lumina.program.id, demoProgramIds.luminaGlow],
      cardId: [club.theirCardId, foreignClubCard.id, theirCard.id],
      planId: [luminaClub.monthly.id, luminaClub.yearly.id],
      addressId: [(await addAddress(testApp, sameMerchant)).id],
      orderId: [theirOrder],
      voucherId: await voucherIdsOf(sameMerchant.userId),
    },
  };
  operations = operationsOf(testApp.app);
}

// Signing out and deleting the account end the session they are sent with: they get a member of their own.
const endsTheSession = (operation: Operation) => /\/logout$|\/account\/deletion$/.test(operation.path);

async function sessionFor(operation: Operation): Promise<Member> {
  if (!endsTheSession(operation)) return member;
  throwaway ??= { ...(await newMember(testApp)), pin: memberPin };
  return throwaway;
}

async function callerHeaders(request: FuzzRequest): Promise<Record<string, string>> {
  const headers: Record<string, string> = { host: 'localhost' };
  if (request.caller === 'member') {
    const session = await sessionFor(request.operation);
    if (request.url.length % 2 === 0) headers.authorization = `Bearer ${session.token}`;
    else headers.cookie = `kartu_session=${session.token}`;
  }
  if (request.caller === 'till') headers.authorization = `Bearer ${tillKey}`;
  if (request.caller === 'stranger') headers.authorization = `Bearer ${request.operation.integration ? strangerKey : stranger.token}`;
  return headers;
}

function parsedBody(payload: FuzzRequest['payload']): Record<string, unknown> {
  try {
    const parsed: unknown = typeof payload === 'string' ? JSON.parse(payload) : {};
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What the answer says about the app's state, so later requests can use it. */
function learnFrom(request: FuzzRequest, status: number) {
  if (status >= 300) return;
  const sent = parsedBody(request.payload);
  if (request.operation.path.endsWith('/pin/change') && typeof sent.newPin === 'string') {
    member.pin = sent.newPin;
    pools = { ...pools, own: { ...pools.own, pin: [member.pin] } };
  }
  if (request.operation.path === '/integration/v1/purchases' && typeof sent.billNumber === 'string') pools = { ...pools, own: { ...pools.own, billNumber: [...pools.own.billNumber!, sent.billNumber] } };
  if (request.caller === 'member' && endsTheSession(request.operation)) throwaway = undefined;
}

function whyWrong(request: FuzzRequest, status: number, body: string): string | undefined {
  if (status >= 500) return 'a server error';
  if (!request.operation.statuses.has(status)) return `status ${status} is not declared (${[...request.operation.statuses].join(', ')})`;
  if (status < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'an error answer that is not JSON';
  }
  const error = errorBodySchema.safeParse(parsed);
  if (!error.success) return 'an error answer without the error body';
  if (error.data.statusCode !== status) return `an error body saying ${error.data.statusCode}`;
  return undefined;
}

async function send(request: FuzzRequest): Promise<{ status: number; body: string }> {
  const headers = { ...(await callerHeaders(request)), ...request.headers };
  const answer = await testApp.app.inject({ method: request.operation.method as 'GET', url: request.url, headers, ...(request.payload !== undefined && { payload: request.payload }) });
  return { status: answer.statusCode, body: answer.body };
}

function requestsOfChunk(chunk: number): FuzzRequest[] {
  const poolsFor = (operation: Operation): Pools => {
    if (operation.path.startsWith('/api/v2/merchants/')) return { own: { ...pools.own, id: [1, 2, 3] }, others: { ...pools.others, id: [99999] } };
    // Ending a period leaves the card with nothing to cancel or change: that endpoint gets one card of its own.
    if (operation.path.startsWith('/api/dev/subscriptions/')) return { ...pools, own: { ...pools.own, cardId: [periodEndingCardId] } };
    return pools;
  };
  const anyRequest = fc.oneof(...operations.map((operation) => requestsFor(operation, poolsFor(operation))));
  // Each chunk's seed is mixed from the run's, so runs with neighbouring seeds share no chunks.
  return fc.sample(anyRequest, { seed: (seed ^ Math.imul(chunk + 1, 0x9e3779b1)) | 0, numRuns: CHUNK });
}

function tally(outcomes: Outcome[], key: (outcome: Outcome) => string): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(key(outcome), (counts.get(key(outcome)) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
}

/** One line per kind of failure (operation, status, reason), with its count and a first example. */
function failureKinds(failures: Failure[]): string[] {
  const kinds = new Map<string, { count: number; example: Failure }>();
  for (const failure of failures) {
    const kind = `${failure.operation} answered ${failure.status}: ${failure.why}`;
    const seen = kinds.get(kind);
    if (seen) seen.count += 1;
    else kinds.set(kind, { count: 1, example: failure });
  }
  return [...kinds.entries()].map(([kind, { count, example }]) => `${kind} (${count}×; e.g. ${example.caller} ${example.mutation} ${example.url} → ${example.body})`);
}

describe('the API under generated requests', () => {
  beforeAll(setUp, 120_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it(`answers ${requestCount} generated requests within their declared statuses and leaves other members' data alone`, { timeout: Math.max(120_000, requestCount * 100) }, async () => {
    const started = performance.now();
    const before = await Promise.all(victims.map((victim) => memberRows(testApp.db, victim.userId)));
    const outcomes: Outcome[] = [];
    const failures: Failure[] = [];
    for (let chunk = 0; outcomes.length < requestCount; chunk += 1) {
      for (const request of requestsOfChunk(chunk)) {
        if (outcomes.length >= requestCount) break;
        if (outcomes.length % CLOCK_STEP_EVERY === 0) testApp.clock.advance(61 * MINUTE_MS);
        const { status, body } = await send(request);
        const outcome = { operation: `${request.operation.method} ${request.operation.path}`, caller: request.caller, mutation: request.mutation, status };
        outcomes.push(outcome);
        const why = whyWrong(request, status, body);
        if (why) failures.push({ ...outcome, why, url: request.url.slice(0, 200), body: body.slice(0, 300) });
        learnFrom(request, status);
      }
    }
    const after = await Promise.all(victims.map((victim) => memberRows(testApp.db, victim.userId)));

    const succeeded = outcomes.filter((outcome) => outcome.status < 300);
    console.log(
      [
        `Fuzz run (seed ${seed}): ${outcomes.length} requests over ${operations.length} operations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        `  statuses: ${tally(outcomes, (outcome) => String(outcome.status))}`,
        `  mutations: ${tally(outcomes, (outcome) => outcome.mutation)}`,
        `  callers: ${tally(outcomes, (outcome) => outcome.caller)}`,
        `  answered 2xx: ${succeeded.length} requests on ${new Set(succeeded.map((outcome) => outcome.operation)).size} operations`,
        `  2xx by operation: ${tally(succeeded, (outcome) => outcome.operation)}`,
        `  never answered 2xx: ${operations.map((operation) => `${operation.method} ${operation.path}`).filter((name) => !succeeded.some((outcome) => outcome.operation === name)).join(', ')}`,
        `  5xx: ${outcomes.filter((outcome) => outcome.status >= 500).length}, undeclared or malformed answers: ${failures.length}`,
      ].join('\n'),
    );
    expect(failureKinds(failures)).toEqual([]);
    expect(after).toEqual(before);
    expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  });
});
