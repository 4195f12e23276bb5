import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeAnswerSchema } from '@kartu/contracts';
import { buildAppContext, createApp } from '../../app.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { newCard } from '../cards/cards.test-support.ts';
import { newSubscriptionProgram, type SubscriptionProgram } from '../subscriptions/subscriptions.test-support.ts';
import type { PaymentsContext } from './payments.context.ts';
import { startFakeXendit, type FakeXendit } from './providers/xendit.fake.ts';
import { xenditProvider } from './providers/xendit.provider.ts';

// Members of two merchants, each on its own site (decision 005), pay by e-wallet through the real
// Xendit adapter against its fake: Xendit's page must send each back to the site they paid from.

let testApp: TestApp;
let fake: FakeXendit;
let payments: PaymentsContext;
const apps: FastifyInstance[] = [];

interface SiteMember {
  member: TestMember;
  cardId: string;
  program: SubscriptionProgram;
}
let kopiSenja: SiteMember;
let lumina: SiteMember;

async function siteMember(mid: string, host: string): Promise<SiteMember> {
  const merchantId = await merchantIdOf(testApp.db, mid);
  const program = await newSubscriptionProgram(testApp, merchantId);
  const member = await newMember(testApp, { host });
  const card = await newCard(testApp, { merchantId, programId: program.programId, owner: member });
  return { member, cardId: card.id, program };
}

async function appWith(context: PaymentsContext): Promise<FastifyInstance> {
  const { env, db: database, clock } = testApp;
  const app = await createApp({ env, database, clock, context: { ...buildAppContext({ env, database, clock }), payments: context } });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  testApp = await createTestApp();
  fake = await startFakeXendit({ secretKey: 'xnd_development_return_test', callbackToken: 'callback-token-of-the-return-test' });
  payments = { providers: new Map([['xendit', xenditProvider({ secretKey: 'xnd_development_return_test', callbackToken: 'callback-token-of-the-return-test', baseUrl: fake.baseUrl })]]), sandbox: undefined, effects: {} };
  kopiSenja = await siteMember('KOPISENJA', 'localhost');
  lumina = await siteMember('LUMINABEAUTY', 'v2.localhost');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await fake?.close();
  await testApp?.close();
});

/** Subscribes through the app at `host`, paying by e-wallet: answers where Xendit sends the member back. */
async function returnUrlOfSubscribing(app: FastifyInstance, { member, cardId, program }: SiteMember, host: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/cards/subscriptions',
    headers: { host, authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
    payload: { cardId, planId: program.monthly.id, transactionType: 'subscriptionNew', paymentMethod: 'ewallet' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { payment } = subscribeAnswerSchema.parse(response.json());
  const invoice = fake.invoiceByExternalId(payment.id);
  expect(invoice?.successRedirectUrl).toBe(invoice?.failureRedirectUrl);
  return { paymentId: payment.id, returnUrl: invoice?.successRedirectUrl };
}

describe("the provider's page sends the member back to their merchant's site", () => {
  it('builds the return address from the site of the request that opened the payment, port included', async () => {
    const app = await appWith(payments);
    const fromLumina = await returnUrlOfSubscribing(app, lumina, 'v2.localhost');
    expect(fromLumina.returnUrl).toBe(`http://v2.localhost/payments/${fromLumina.paymentId}`);
    const fromKopiSenja = await returnUrlOfSubscribing(app, kopiSenja, 'localhost:5173');
    expect(fromKopiSenja.returnUrl).toBe(`http://localhost:5173/payments/${fromKopiSenja.paymentId}`);
  });

  it('sends members back over https where the deployment serves its sites so, whatever the proxy said', async () => {
    const app = await appWith({ ...payments, returnsOverHttps: true });
    const { paymentId, returnUrl } = await returnUrlOfSubscribing(app, lumina, 'v2.localhost');
    expect(returnUrl).toBe(`https://v2.localhost/payments/${paymentId}`);
  });
});
