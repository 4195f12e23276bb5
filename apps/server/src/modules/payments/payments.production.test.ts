import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createTestApp, merchantIdOf, testEnv, type TestApp } from '../../test/test-app.ts';
import { fakeWebBuild } from '../../test/web-build.ts';
import { paymentOptionsFor, paymentsContextFor } from './payments.context.ts';
import { sandboxMessage } from './payments.test-support.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { NODE_ENV: 'production' } });
});
afterAll(async () => {
  await testApp.close();
});

describe('payments in production', () => {
  it('has no sandbox: its webhook and development endpoints do not exist', async () => {
    const message = sandboxMessage({ intentId: randomUUID(), status: 'paid', amountMinor: '1000' });
    const webhook = await testApp.app.inject({ method: 'POST', url: '/webhooks/payments/sandbox', payload: message.body, headers: message.headers });
    expect(webhook.statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/api/dev/payments', headers: { host: 'localhost' } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/dev/payments/${randomUUID()}/pay`, headers: { host: 'localhost' } })).statusCode).toBe(404);
  });

  it("does not serve the sandbox's /dev/payments page, as no development page is served in production", async () => {
    const build = fakeWebBuild();
    const served = await createApp({ env: testEnv({ NODE_ENV: 'production', WEB_DIST_DIR: build.dir }), database: testApp.db, clock: testApp.clock });
    try {
      for (const url of ['/dev/payments', `/dev/payments/${randomUUID()}?return=%2Fcards`]) {
        const page = await served.inject({ url, headers: { host: 'localhost', accept: 'text/html' } });
        expect(page.statusCode, url).toBe(404);
        expect(page.body).not.toContain('<html');
      }
      expect((await served.inject({ url: '/payments/anything', headers: { host: 'localhost', accept: 'text/html' } })).statusCode).toBe(200);
    } finally {
      await served.close();
      build.remove();
    }
  });

  it('sends members back from a provider\'s page over https', () => {
    const context = (publicUrl?: string, production = true) => paymentsContextFor({ production, sandboxSecret: 'unused-unused-unused-unused-unused', effects: {}, publicUrl });
    expect(context().returnsOverHttps).toBe(true);
    expect(context('https://wallet.example', false).returnsOverHttps).toBe(true);
    expect(context(undefined, false).returnsOverHttps).toBe(false);
  });

  it('refuses to take payments without a real provider configured, but manual transfers into a bank account', async () => {
    const payments = paymentsContextFor({ production: true, sandboxSecret: 'unused-unused-unused-unused-unused', effects: {} });
    expect(payments.sandbox).toBeUndefined();
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    await expect(paymentOptionsFor(testApp.db, payments, lumina)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 503 });
    // Kopi Senja's demo has a bank account: its members can still pay into it.
    const options = await paymentOptionsFor(testApp.db, payments, await merchantIdOf(testApp.db, 'KOPISENJA'));
    expect(options).toMatchObject({ methods: ['manual_transfer'], provider: { name: 'manual' } });
  });
});
