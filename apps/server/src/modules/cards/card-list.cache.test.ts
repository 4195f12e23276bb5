import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardListAnswerSchema } from '@kartu/contracts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { integrationClient, newWriteKey } from '../../test/integration-client.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { sessionCacheTtlMs } from '../auth/session.service.ts';
import { sessions } from '../auth/sessions.table.ts';

import { earn } from '../ledger/points.service.ts';
import { setProgramCardArt } from '../programs/programs.service.ts';
import { cardArtView, storedTestImage } from '../media/media.test-support.ts';
import { cardListCacheTtlMs } from './cards.routes.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { newCard, newProgram, send } from './cards.test-support.ts';
import { DAY_MS, MINUTE_MS } from '@kartu/core/calendar';

// The wallet page and the session behind it are kept in memory between requests: these tests
// prove every change a member could notice reaches the next answer.

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

async function balances(member: TestMember, query = '') {
  const response = await send(testApp, 'GET', `/api/v2/cards${query}`, { member });
  expect(response.statusCode).toBe(200);
  return cardListAnswerSchema.parse(response.json()).data.map((card) => card.balance.amount);
}

async function walletWithCard() {
  const member = await newMember(testApp);
  const program = await newProgram(testApp, merchantId, { earnRateNumerator: 1n, earnRateDenominator: 1000n });
  const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
  return { member, program, card };
}

describe('the wallet page kept between requests', () => {
  it('shows a purchase made through the integration API on the next request', async () => {
    const { member, card } = await walletWithCard();
    expect(await balances(member)).toEqual([0]);
    const till = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Till' })).key });
    for (const amount of [5_000, 7_000]) {
      const { response } = await till.POST('/integration/v1/purchases', { params: { header: { 'idempotency-key': newWriteKey() } }, body: { cardNumber: card.number, amount, billNumber: `CACHE-${amount}` } });
      expect(response.status).toBe(201);
      // The first purchase goes through a transaction, the second through one statement.
      expect(await balances(member)).toEqual([amount === 5_000 ? 5 : 12]);
    }
  });

  it('shows value leaving at its expiry without any write', async () => {
    const { member, card } = await walletWithCard();
    // Earned 30 days less a minute ago: the program keeps value 30 days.
    await earn({ db: testApp.db, merchantId, card, amount: 40n, now: new Date(testApp.clock.now().getTime() - 30 * DAY_MS + MINUTE_MS) });
    expect(await balances(member)).toEqual([40]);
    testApp.clock.advance(2 * MINUTE_MS);
    expect(await balances(member)).toEqual([0]);
  });

  it('shows a card added to the wallet, and still checks the query of a page it keeps', async () => {
    const { member, program } = await walletWithCard();
    expect(await balances(member)).toHaveLength(1);
    await newCard(testApp, { merchantId, programId: program.id, owner: member });
    expect(await balances(member)).toHaveLength(2);
    expect((await send(testApp, 'GET', '/api/v2/cards?page=0', { member })).statusCode).toBe(400);
  });

  it("shows a program's new card art on the next request, and its removal", async () => {
    const { member, program } = await walletWithCard();
    const cardArt = async () => {
      const response = await send(testApp, 'GET', '/api/v2/cards', { member });
      return cardListAnswerSchema.parse(response.json()).data.map((card) => card.cardArt);
    };
    expect(await cardArt()).toEqual([null]);
    const image = await storedTestImage(testApp, { merchantId });
    await setProgramCardArt({ db: testApp.db, merchantId, programId: program.id, imageId: image.id });
    expect(await cardArt()).toEqual([cardArtView(image.id)]);
    await setProgramCardArt({ db: testApp.db, merchantId, programId: program.id, imageId: null });
    expect(await cardArt()).toEqual([null]);
  });

  it("never answers one member's page to another, or to a request without a session", async () => {
    const { member } = await walletWithCard();
    const other = await newMember(testApp);
    expect(await balances(member)).toEqual([0]);
    expect(await balances(other)).toEqual([]);
    expect((await send(testApp, 'GET', '/api/v2/cards')).statusCode).toBe(401);
  });

  it('stops answering the moment the member signs out', async () => {
    const { member } = await walletWithCard();
    expect(await balances(member)).toEqual([0]);
    expect((await send(testApp, 'POST', '/api/auth/logout', { member })).statusCode).toBe(204);
    expect((await send(testApp, 'GET', '/api/v2/cards', { member })).statusCode).toBe(401);
  });

  it('honours a session revoked by another instance within the time sessions are kept', async () => {
    const { member } = await walletWithCard();
    expect(await balances(member)).toEqual([0]);
    // What another instance's sign-out writes; nothing tells this one.
    await testApp.db.update(sessions).set({ revokedAt: testApp.clock.now() }).where(eq(sessions.userId, member.userId));
    expect((await send(testApp, 'GET', '/api/v2/cards', { member })).statusCode).toBe(200);
    testApp.clock.advance(Math.max(sessionCacheTtlMs, cardListCacheTtlMs));
    expect((await send(testApp, 'GET', '/api/v2/cards', { member })).statusCode).toBe(401);
  });
});
