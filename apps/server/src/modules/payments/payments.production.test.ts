import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantIdOf, type TestApp } from '../../test/test-app.ts';
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
