import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { errorBodySchema, transactionListAnswerSchema, transferAnswerSchema, transferPreviewSchema } from '@kartu/contracts';
import { createTestApp, type TestApp, merchantIdOf, openDemoTransfers } from '../../test/test-app.ts';
import { listExpiringLots } from '../ledger/expiry.service.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { ledgerInvariantViolations, noViolations, programWithCards } from '../ledger/ledger.test-support.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { earn } from '../ledger/points.service.ts';
import { memberPin } from '../../test/members.ts';
import { memberWithCard, send as callAs, type CardMember } from './cards.test-support.ts';
import { cards } from '../card-access/cards.table.ts';
import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';

// PGlite runs one transaction at a time: only the PostgreSQL server run can race transfers.
const onPostgresServer = process.env.KARTU_TEST_DB === 'postgres';

let testApp: TestApp;
let merchantId: number;
let programId: string;
let otherProgramId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  await openDemoTransfers(testApp);
  merchantId = await merchantIdOf(testApp.db);
  programId = (await programWithCards(testApp.db, { merchantId, cards: 0 })).program.id;
  otherProgramId = (await programWithCards(testApp.db, { merchantId, cards: 0, program: { name: 'Kopi Stamps', type: 'stamps', unit: 'STAMP' } })).program.id;
});
afterAll(async () => {
  await testApp.close();
});

const now = () => testApp.clock.now();
const member = (name: string | null = null) => memberWithCard(testApp, { merchantId, programId, name });

async function fund(holder: CardMember, amount: number, at = now()) {
  await earn({ db: testApp.db, now: at, merchantId, card: holder.card, amount: BigInt(amount) });
}

async function balanceOf(holder: CardMember): Promise<bigint> {
  return getBalance({ db: testApp.db, card: holder.card, now: now() });
}

async function entriesOf(holder: CardMember): Promise<number> {
  const [row] = await testApp.db.select({ value: count() }).from(journalEntries).where(eq(journalEntries.programId, holder.card.programId));
  return row?.value ?? 0;
}

function preview(caller: CardMember, cardId: string, body: object) {
  return callAs(testApp, 'POST', `/api/v2/cards/${cardId}/transfer/preview`, { member: caller, body });
}

function send(caller: CardMember, { to, amount, pin = memberPin, key = randomUUID(), cardId = caller.card.id }: { to: string; amount: number; pin?: string; key?: string | null; cardId?: string }) {
  return callAs(testApp, 'POST', `/api/v2/cards/${cardId}/transfer`, {
    member: caller,
    body: { phone: to, countryCode: '62', amount, pin },
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

/**
 * Makes the database refuse to store the answer of this key, as when the instance dies after the
 * transfer and before its answer is kept; answers the undo.
 */
async function failStoringAnswerOf(key: string): Promise<() => Promise<void>> {
  await testApp.db.execute(
    sql.raw(`create function test_refuse_answer() returns trigger language plpgsql as $$
      begin
        if new.key = '${key}' and new.status = 'done' then raise exception 'the instance died'; end if;
        return new;
      end $$`),
  );
  await testApp.db.execute(sql`create trigger test_refuse_answer before insert or update on idempotency_keys for each row execute function test_refuse_answer()`);
  return async () => {
    await testApp.db.execute(sql`drop trigger test_refuse_answer on idempotency_keys`);
    await testApp.db.execute(sql`drop function test_refuse_answer()`);
  };
}

function codeOf(response: { json(): unknown }): string {
  return errorBodySchema.parse(response.json()).code;
}

describe('POST /api/v2/cards/:id/transfer/preview', () => {
  it("answers the recipient's name and phone masked, whichever way the phone is typed", async () => {
    const sender = await member();
    const recipient = await member('Budi Santoso');
    const national = recipient.phone.slice(1);
    const expected = { recipient: { name: 'Budi S.', phone: `+62 ${national.slice(0, 3)}-****-${national.slice(-4)}` } };
    for (const typed of [recipient.phone, `+62${national}`, `62 ${national}`]) {
      const response = await preview(sender, sender.card.id, { phone: typed, countryCode: '62' });
      expect(response.statusCode).toBe(200);
      expect(transferPreviewSchema.parse(response.json())).toEqual(expected);
    }
    expect((await preview(sender, sender.card.id, { phone: recipient.phone })).json()).toEqual(expected);
  });

  it('answers 404 RECIPIENT_NOT_FOUND for a phone without a member, or whose card is of another program or not active', async () => {
    const sender = await member();
    const otherProgram = await memberWithCard(testApp, { merchantId, programId: otherProgramId });
    const suspended = await member();
    await testApp.db.update(cards).set({ status: 'suspended' }).where(eq(cards.id, suspended.card.id));
    for (const phone of ['081299990000', otherProgram.phone, suspended.phone]) {
      const response = await preview(sender, sender.card.id, { phone });
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe('RECIPIENT_NOT_FOUND');
    }
  });

  it('tells a script trying numbers nothing more: after 5 numbers without a card in an hour, looking up recipients is locked for the hour', async () => {
    const sender = await member();
    const friend = await member('Budi Santoso');
    for (let miss = 0; miss < 5; miss += 1) expect(codeOf(await preview(sender, sender.card.id, { phone: `08129999000${miss}` }))).toBe('RECIPIENT_NOT_FOUND');
    // A hit in between does not reset the count.
    expect((await preview(sender, sender.card.id, { phone: friend.phone })).statusCode).toBe(200);
    const sixth = await preview(sender, sender.card.id, { phone: '081299990009' });
    expect(sixth.statusCode).toBe(429);
    expect(errorBodySchema.parse(sixth.json())).toMatchObject({ code: 'RECIPIENT_LOOKUP_LOCKED', lockedUntil: new Date(testApp.clock.now().getTime() + HOUR_MS).toISOString() });
    // Locked: the friend's number is not looked up either, nor through a transfer; another member is not affected.
    expect(codeOf(await preview(sender, sender.card.id, { phone: friend.phone }))).toBe('RECIPIENT_LOOKUP_LOCKED');
    expect(codeOf(await send(sender, { to: friend.phone, amount: 1 }))).toBe('RECIPIENT_LOOKUP_LOCKED');
    const other = await member();
    expect((await preview(other, other.card.id, { phone: friend.phone })).statusCode).toBe(200);
    testApp.clock.advance(HOUR_MS);
    expect((await preview(sender, sender.card.id, { phone: friend.phone })).statusCode).toBe(200);
  });

  it("refuses the member's own phone and an invalid phone with 400 VALIDATION_FAILED on the phone field", async () => {
    const sender = await member();
    for (const phone of [sender.phone, '0812']) {
      const response = await preview(sender, sender.card.id, { phone });
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'body.phone' })] });
    }
  });

  it("answers 404 CARD_NOT_FOUND for another member's card", async () => {
    const [owner, stranger, recipient] = [await member(), await member(), await member()];
    const response = await preview(stranger, owner.card.id, { phone: recipient.phone });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('CARD_NOT_FOUND');
  });
});

describe('POST /api/v2/cards/:id/transfer', () => {
  it('moves the points, oldest-expiring first, and shows the transfer in both histories', async () => {
    const [sender, recipient] = [await member(), await member('Sari')];
    await fund(sender, 60, new Date(now().getTime() - 20 * DAY_MS));
    await fund(sender, 40);
    const response = await send(sender, { to: recipient.phone, amount: 70 });
    expect(response.statusCode).toBe(201);
    const answer = transferAnswerSchema.parse(response.json());
    expect(answer.balance).toEqual({ amount: 30, unit: 'POINT' });
    expect([await balanceOf(sender), await balanceOf(recipient)]).toEqual([30n, 70n]);
    // The 60 points earned 20 days ago (10 days left) moved whole, then 10 of the newer ones.
    const received = await listExpiringLots({ db: testApp.db, card: recipient.card, now: now() });
    expect(received.map((lot) => [lot.remaining, lot.expiresAt.getTime() - now().getTime()])).toEqual([
      [60n, 10 * DAY_MS],
      [10n, 30 * DAY_MS],
    ]);

    // The test clock stands still, so the transfer shares its time with the earlier earns: find it by id.
    const history = async (holder: CardMember) =>
      transactionListAnswerSchema
        .parse((await callAs(testApp, 'GET', `/api/v2/cards/${holder.card.id}/transactions`, { member: holder })).json())
        .data.find((transaction) => transaction.id === answer.transactionId);
    expect(await history(sender)).toMatchObject({ id: answer.transactionId, kind: 'transfer-out', amount: -70, counterparty: { name: 'Sari' } });
    expect(await history(recipient)).toMatchObject({ id: answer.transactionId, kind: 'transfer-in', amount: 70 });
  });

  it('refuses a wrong PIN with the attempts left, writes nothing, and the same key then works with the right PIN', async () => {
    const [sender, recipient] = [await member(), await member()];
    await fund(sender, 50);
    const entriesBefore = await entriesOf(sender);
    const key = randomUUID();
    const wrong = await send(sender, { to: recipient.phone, amount: 20, pin: '000000', key });
    expect(wrong.statusCode).toBe(400);
    expect(errorBodySchema.parse(wrong.json())).toMatchObject({ code: 'PIN_INVALID', attemptsRemaining: 2 });
    expect(await entriesOf(sender)).toBe(entriesBefore);
    expect(await balanceOf(sender)).toBe(50n);

    const right = await send(sender, { to: recipient.phone, amount: 20, key });
    expect(right.statusCode).toBe(201);
    expect(right.headers['idempotent-replayed']).toBeUndefined();
    expect([await balanceOf(sender), await balanceOf(recipient)]).toEqual([30n, 20n]);
  });

  it('locks the PIN on the third wrong one: 429 PIN_LOCKED, even for the right PIN, and nothing moves', async () => {
    const [sender, recipient] = [await member(), await member()];
    await fund(sender, 50);
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push(await send(sender, { to: recipient.phone, amount: 5, pin: '999999' }));
    expect(answers.map((response) => response.statusCode)).toEqual([400, 400, 429]);
    expect(errorBodySchema.parse(answers[2]?.json())).toMatchObject({ code: 'PIN_LOCKED', lockedUntil: new Date(now().getTime() + 60 * 60_000).toISOString() });
    const locked = await send(sender, { to: recipient.phone, amount: 5 });
    expect(locked.statusCode).toBe(429);
    expect(codeOf(locked)).toBe('PIN_LOCKED');
    expect([await balanceOf(sender), await balanceOf(recipient)]).toEqual([50n, 0n]);
  });

  it('refuses more than the balance with 422 INSUFFICIENT_BALANCE and writes nothing', async () => {
    const [sender, recipient] = [await member(), await member()];
    await fund(sender, 25);
    const entriesBefore = await entriesOf(sender);
    const response = await send(sender, { to: recipient.phone, amount: 26 });
    expect(response.statusCode).toBe(422);
    expect(codeOf(response)).toBe('INSUFFICIENT_BALANCE');
    expect(await entriesOf(sender)).toBe(entriesBefore);
    expect([await balanceOf(sender), await balanceOf(recipient)]).toEqual([25n, 0n]);
  });

  it('answers a retry with the same key and body with the first answer, transferring once', async () => {
    const [sender, recipient] = [await member(), await member()];
    await fund(sender, 50);
    const key = randomUUID();
    const first = await send(sender, { to: recipient.phone, amount: 15, key });
    const retry = await send(sender, { to: recipient.phone, amount: 15, key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect([await balanceOf(sender), await balanceOf(recipient)]).toEqual([35n, 15n]);
  });

  it('keeps nothing of a transfer whose answer was not stored, so the retry with its key moves the points once', async () => {
    const [sender, recipient] = [await member(), await member()];
    await fund(sender, 50);
    const key = randomUUID();
    const restore = await failStoringAnswerOf(key);
    try {
      expect((await send(sender, { to: recipient.phone, amount: 15, key })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect([await balanceOf(sender), await balanceOf(recipient)]).toEqual([50n, 0n]);
    const retry = await send(sender, { to: recipient.phone, amount: 15, key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect([await balanceOf(sender), await balanceOf(recipient)]).toEqual([35n, 15n]);
  });

  it('refuses the same key with another body with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const [sender, recipient] = [await member(), await member()];
    await fund(sender, 50);
    const key = randomUUID();
    expect((await send(sender, { to: recipient.phone, amount: 10, key })).statusCode).toBe(201);
    const reused = await send(sender, { to: recipient.phone, amount: 11, key });
    expect(reused.statusCode).toBe(422);
    expect(codeOf(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(recipient)).toBe(10n);
  });

  it('needs an Idempotency-Key header: 400 IDEMPOTENCY_KEY_REQUIRED without one, VALIDATION_FAILED for a malformed one', async () => {
    const [sender, recipient] = [await member(), await member()];
    await fund(sender, 50);
    const missing = await send(sender, { to: recipient.phone, amount: 10, key: null });
    expect(missing.statusCode).toBe(400);
    expect(codeOf(missing)).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const malformed = await send(sender, { to: recipient.phone, amount: 10, key: 'has spaces in it' });
    expect(malformed.statusCode).toBe(400);
    expect(codeOf(malformed)).toBe('VALIDATION_FAILED');
    expect(await balanceOf(sender)).toBe(50n);
  });

  it("does not send to a member whose only card is of another program, nor from another member's card", async () => {
    const [sender, stranger] = [await member(), await member()];
    const otherProgram = await memberWithCard(testApp, { merchantId, programId: otherProgramId });
    await fund(sender, 50);
    const notRecipient = await send(sender, { to: otherProgram.phone, amount: 10 });
    expect(notRecipient.statusCode).toBe(404);
    expect(codeOf(notRecipient)).toBe('RECIPIENT_NOT_FOUND');
    const othersCard = await send(stranger, { to: otherProgram.phone, amount: 10, cardId: sender.card.id });
    expect(othersCard.statusCode).toBe(404);
    expect(codeOf(othersCard)).toBe('CARD_NOT_FOUND');
    expect(await balanceOf(sender)).toBe(50n);
  });

  it.skipIf(!onPostgresServer)('lets exactly the covered 7 of 20 racing transfers through and never overdraws', async () => {
    const [sender, recipient] = [await member(), await member()];
    await fund(sender, 70);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(sender, { to: recipient.phone, amount: 10 })));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(statuses.filter((status) => status === 422)).toHaveLength(13);
    expect(answers.filter((response) => response.statusCode === 422).every((response) => codeOf(response) === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect([await balanceOf(sender), await balanceOf(recipient)]).toEqual([0n, 70n]);
    expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  }, 60_000);
});
