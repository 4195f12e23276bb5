import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCheckAnswerSchema } from '@kartu/contracts';
import { buildAppContext, createApp } from '../../app.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { memberWithCard, newProgram, type CardMember } from '../cards/cards.test-support.ts';
import { paymentsContextFor } from './payments.context.ts';
import { deleteMerchantBankAccount, saveMerchantPaymentSettings } from './payments.repository.ts';

let testApp: TestApp;
/** The same database behind a deployment with no payment provider at all: production without keys. */
let keylessApp: FastifyInstance;
let member: CardMember;
let merchantId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const { env, db: database, clock } = testApp;
  const payments = paymentsContextFor({ production: true, sandboxSecret: 'unused-unused-unused-unused-unused', effects: {} });
  keylessApp = await createApp({ env, database, clock, context: { ...buildAppContext({ env, database, clock }), payments } });
  merchantId = await merchantIdOf(testApp.db);
  member = await memberWithCard(testApp, { merchantId, programId: (await newProgram(testApp, merchantId)).id });
  // Without its bank account the merchant takes no manual transfers either.
  await deleteMerchantBankAccount(testApp.db, merchantId);
});
afterAll(async () => {
  await keylessApp?.close();
  await testApp?.close();
});

async function checkPayments(app: FastifyInstance) {
  const response = await app.inject({ method: 'POST', url: '/api/v2/payments', headers: { host: 'localhost', authorization: `Bearer ${member.token}` }, payload: { cardId: member.card.id } });
  expect(response.statusCode, response.body).toBe(200);
  return paymentCheckAnswerSchema.parse(response.json());
}

const noPayments = { isValid: false, listPayment: [], publicKey: null, provider: null, tokenizationUrl: null };

describe('POST /api/v2/payments when the merchant cannot take payments (spec: app-core §8 subaccount check failure)', () => {
  it('answers isValid false with an empty list where the deployment has no provider', async () => {
    expect(await checkPayments(keylessApp)).toEqual(noPayments);
  });

  it("answers isValid false with an empty list when the merchant's provider is not configured here", async () => {
    expect((await checkPayments(testApp.app)).isValid).toBe(true);
    await saveMerchantPaymentSettings(testApp.db, { merchantId, provider: 'xendit', methods: ['qris', 'virtual_account'], updatedAt: testApp.clock.now() });
    expect(await checkPayments(testApp.app)).toEqual(noPayments);
  });

  it('still answers 404 for a card that is not the member\'s', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/v2/payments', headers: { host: 'localhost', authorization: `Bearer ${member.token}` }, payload: { cardId: 'not-a-card-of-theirs' } });
    expect(response.statusCode).toBe(404);
  });
});
