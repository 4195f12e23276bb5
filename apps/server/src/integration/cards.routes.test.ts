import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { activationCodeKeyFor } from '../modules/cards/activation-code-key.ts';
import { activationCodeMatches } from '../modules/cards/activation-code.ts';
import { hasValidCheckDigit } from '../modules/cards/card-number.ts';
import { cards } from '../modules/card-access/cards.table.ts';
import { adjust } from '../modules/ledger/points.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { newMember } from '../test/members.ts';
import { answerOf, callIntegration, merchantSetup } from './integration.test-support.ts';
import { getCard } from '../modules/card-access/card-access.service.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../test/integration-client.ts';
import type { components } from '../test/api/integration-api.ts';

let testApp: TestApp;
let kopi: Awaited<ReturnType<typeof merchantSetup>>;
let lumina: Awaited<ReturnType<typeof merchantSetup>>;
let activationCodeKey: string;
let kopiClient: IntegrationClient;
let luminaClient: IntegrationClient;

beforeAll(async () => {
  testApp = await createTestApp();
  kopi = await merchantSetup(testApp);
  lumina = await merchantSetup(testApp, { mid: 'LUMINABEAUTY' });
  activationCodeKey = activationCodeKeyFor(testApp.env.CODE_SECRET);
  kopiClient = await integrationClient(testApp, { key: kopi.key });
  luminaClient = await integrationClient(testApp, { key: lumina.key });
});
afterAll(async () => {
  await testApp.close();
});

const issue = (body: components['schemas']['IssueCardBody']) =>
  kopiClient.POST('/integration/v1/cards', { params: { header: { 'idempotency-key': newWriteKey() } }, body });
const issueBatch = (client: IntegrationClient, body: components['schemas']['IssueCardBatchBody']) =>
  client.POST('/integration/v1/cards/batch', { params: { header: { 'idempotency-key': newWriteKey() } }, body });

describe('POST /integration/v1/cards', () => {
  it('issues an unowned active 16-digit card when no member has the phone', async () => {
    const { data: answer, response } = await issue({ programId: kopi.program.id, memberPhone: '+6281200000001' });
    expect(response.status).toBe(201);
    if (!answer) throw new Error('No answer');
    expect(answer.status).toBe('active');
    expect(hasValidCheckDigit(answer.number)).toBe(true);
    const card = await getCard({ db: testApp.db, merchantId: kopi.merchantId, cardId: answer.cardId });
    expect(card).toMatchObject({ number: answer.number, ownerUserId: null, programId: kopi.program.id });
  });

  it("puts the card into the wallet of the merchant's member with that phone", async () => {
    const member = await newMember(testApp);
    const { cardId } = answerOf(await issue({ programId: kopi.program.id, memberPhone: member.e164 }));
    const card = await getCard({ db: testApp.db, merchantId: kopi.merchantId, cardId });
    expect(card.ownerUserId).toBe(member.userId);
  });

  it("does not hand the card to a member of another merchant with the same phone", async () => {
    const other = await newMember(testApp, { host: 'v2.localhost' });
    const { cardId } = answerOf(await issue({ programId: kopi.program.id, memberPhone: other.e164 }));
    const card = await getCard({ db: testApp.db, merchantId: kopi.merchantId, cardId });
    expect(card.ownerUserId).toBeNull();
  });

  it('stores the activation code only as a hash the wallet can check', async () => {
    const { cardId } = answerOf(await issue({ programId: kopi.program.id, activationCode: 'QX7R-22' }));
    const card = await getCard({ db: testApp.db, merchantId: kopi.merchantId, cardId });
    expect(card.activationCodeHash).not.toContain('QX7R');
    expect(activationCodeMatches('qx7r-22', card.activationCodeHash ?? '', activationCodeKey)).toBe(true);
  });

  it('refuses an unknown program with 404 and a malformed one with 400', async () => {
    const unknown = await issue({ programId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.response.status).toBe(404);
    const malformed = await callIntegration(testApp, 'POST', '/cards', { key: kopi.key, body: { programId: 'loyalty' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('POST /integration/v1/cards/batch', () => {
  it('issues the number of cards asked for, all with distinct valid numbers', async () => {
    const response = await issueBatch(kopiClient, { programId: kopi.program.id, count: 250 });
    expect(response.response.status).toBe(201);
    const { cards: issued } = answerOf(response);
    expect(issued).toHaveLength(250);
    expect(new Set(issued.map((card) => card.number)).size).toBe(250);
    expect(issued.every((card) => hasValidCheckDigit(card.number) && card.activationCode === undefined)).toBe(true);
    const saved = await testApp.db.select().from(cards).where(inArray(cards.number, issued.map((card) => card.number)));
    expect(saved).toHaveLength(250);
    expect(saved.every((card) => card.ownerUserId === null && card.merchantId === kopi.merchantId)).toBe(true);
  });

  it('answers activation codes once and stores only their hashes', async () => {
    const { cards: issued } = answerOf(await issueBatch(kopiClient, { programId: kopi.program.id, count: 3, withActivationCodes: true }));
    const saved = await testApp.db.select().from(cards).where(inArray(cards.number, issued.map((card) => card.number)));
    for (const card of issued) {
      expect(card.activationCode).toMatch(/^[A-Z2-9]{8}$/);
      const row = saved.find((candidate) => candidate.number === card.number);
      expect(activationCodeMatches(card.activationCode ?? '', row?.activationCodeHash ?? '', activationCodeKey)).toBe(true);
    }
  });

  it.each([0, 1001])('refuses a batch of %i cards', async (count) => {
    const response = await callIntegration(testApp, 'POST', '/cards/batch', { key: kopi.key, body: { programId: kopi.program.id, count } });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a batch without codes for a program that needs them', async () => {
    const coded = await merchantSetup(testApp, { cards: 0, program: { requiresActivationCode: true } });
    const response = await issueBatch(await integrationClient(testApp, { key: coded.key }), { programId: coded.program.id, count: 2 });
    expect(response.response.status).toBe(422);
  });

  it("refuses another merchant's program", async () => {
    const response = await issueBatch(luminaClient, { programId: kopi.program.id, count: 2 });
    expect(response.response.status).toBe(404);
  });
});

describe('GET /integration/v1/members/:phone/cards', () => {
  it("lists the member's cards with what each can spend", async () => {
    const member = await newMember(testApp);
    const { cardId } = answerOf(await issue({ programId: kopi.program.id, memberPhone: member.e164 }));
    const card = await getCard({ db: testApp.db, merchantId: kopi.merchantId, cardId });
    await adjust({ db: testApp.db, merchantId: kopi.merchantId, card, amount: 40n, reason: 'welcome', now: new Date() });

    const { data: answer, response } = await kopiClient.GET('/integration/v1/members/{phone}/cards', { params: { path: { phone: member.e164 } } });
    expect(response.status).toBe(200);
    expect(answer?.data).toEqual([
      expect.objectContaining({ cardId, programId: kopi.program.id, programName: 'Kopi Points', status: 'active', balance: { amount: 40, unit: 'POINT' } }),
    ]);
  });

  it('answers 404 when the merchant has no member with the phone', async () => {
    const stranger = await newMember(testApp, { host: 'v2.localhost' });
    const { error, response } = await kopiClient.GET('/integration/v1/members/{phone}/cards', { params: { path: { phone: stranger.e164 } } });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a phone that is not in E.164 form', async () => {
    const response = await callIntegration(testApp, 'GET', '/members/0812345678/cards', { key: kopi.key });
    expect(response.statusCode).toBe(400);
  });
});
