import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildAppContext, createApp } from '../../../app.ts';
import { newMember, type TestMember } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { PaymentProvider } from '../payment-provider.ts';
import type { PaymentsContext } from '../payments.context.ts';
import { startFakeXendit, type FakeXendit } from './xendit.fake.ts';
import { xenditProvider } from './xendit.provider.ts';

export const xenditSecretKey = 'xnd_development_secret_key_of_the_fake';
export const xenditCallbackToken = 'callback-token-of-the-fake-0123456789';
/** The site the members of these tests pay from. */
export const returnOrigin = 'https://kartu.test';

export interface XenditTestApp {
  testApp: TestApp;
  /** The real app, with Xendit as its only provider. */
  xenditApp: FastifyInstance;
  fake: FakeXendit;
  provider: PaymentProvider;
  payments: PaymentsContext;
  member: TestMember;
}

/**
 * The file's test app beside a local fake of Xendit whose callbacks reach the real webhook route,
 * made before its tests and closed after them: `ready` hands it over once it exists.
 */
export function useXenditTestApp(ready: (made: XenditTestApp) => void, { publicKey }: { publicKey?: string } = {}): void {
  let made: Partial<XenditTestApp> = {};
  beforeAll(async () => {
    const testApp = await createTestApp();
    const app: { current?: FastifyInstance } = {};
    const fake = await startFakeXendit({
      secretKey: xenditSecretKey,
      callbackToken: xenditCallbackToken,
      ...(publicKey !== undefined && { publicKey }),
      deliverTo: (callback) => {
        if (!app.current) throw new Error('A callback before the app started');
        return app.current.inject({ method: 'POST', url: '/webhooks/payments/xendit', payload: callback.body, headers: callback.headers });
      },
    });
    const provider = xenditProvider({ secretKey: xenditSecretKey, callbackToken: xenditCallbackToken, ...(publicKey !== undefined && { publicKey }), baseUrl: fake.baseUrl, timeoutMs: 5_000 });
    const payments: PaymentsContext = { providers: new Map([['xendit', provider]]), sandbox: undefined, effects: {} };
    const { env, db: database, clock } = testApp;
    const xenditApp = await createApp({ env, database, clock, context: { ...buildAppContext({ env, database, clock }), payments } });
    app.current = xenditApp;
    made = { testApp, xenditApp, fake, provider, payments, member: await newMember(testApp) };
    ready(made as XenditTestApp);
  });
  afterAll(async () => {
    await made.xenditApp?.close();
    await made.fake?.close();
    await made.testApp?.close();
  });
}
