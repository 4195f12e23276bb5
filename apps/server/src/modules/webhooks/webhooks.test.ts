import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { integrationClient } from '../../test/integration-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { merchantIdOf } from '../../test/test-app.ts';
import { memberWithPoints, send, type CardMember } from '../cards/cards.test-support.ts';
import { newCatalog, type TestCatalog } from '../catalog/catalog.test-support.ts';
import { runDueJobs } from '../jobs/job-worker.ts';
import { saveShopSettings } from '../orders/orders.repository.ts';
import { createPaymentsTestApp, deliver, sandboxMessage } from '../payments/payments.test-support.ts';
import { webhookDeliveryJob, webhookSealKeyFor } from './webhooks.service.ts';
import { webhookEvents } from './webhooks.table.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let testApp: TestApp;
let merchantId: number;
let catalog: TestCatalog;
let server: Server;
let endpoint: string;
const received: Received[] = [];
/** What the merchant's endpoint answers next, first in first out; 204 when none is left. */
const answers: number[] = [];
const sealKey = webhookSealKeyFor('test-code-secret-test-code-secret-0123');

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  merchantId = await merchantIdOf(testApp.db);
  catalog = await newCatalog(testApp, merchantId);
  await saveShopSettings(testApp.db, { programId: catalog.programId, merchantId, pointValueMinor: 100n, coveredRegencyCodes: null, deliveryOptions: [{ method: 'courier', feeMinor: 0 }], feeRules: [], updatedAt: new Date() });
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kartu-hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await testApp.close();
});

const kartu = kartuOn(() => testApp, { webhookSealKey: sealKey });
const runWebhookJobs = () => runDueJobs({ db: testApp.db, clock: testApp.clock, log: { info: () => {}, error: () => {} }, handlers: [webhookDeliveryJob({ sealKey })] });

function shopper(points: number): Promise<CardMember> {
  return memberWithPoints(testApp, { merchantId, programId: catalog.programId, points });
}

function order(member: CardMember, body: object) {
  return send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, { member, body, headers: { 'idempotency-key': randomUUID() } });
}

/** What a merchant's receiver checks: the HMAC of "<t>.<body>" and a timestamp within 5 minutes. */
function verified(message: Received, secret: string, now: Date): boolean {
  const header = String(message.headers['kartu-signature'] ?? '');
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const fresh = Math.abs(now.getTime() / 1000 - Number(t)) <= 300;
  return fresh && v1 === createHmac('sha256', secret).update(`${t}.${message.body}`).digest('hex');
}

describe('webhooks to merchants', () => {
  it('posts new and paid orders, signed, and tries again with backoff until the merchant takes them', async () => {
    const set = await kartu('merchants', 'webhook', '--mid', 'KOPISENJA', '--url', endpoint);
    expect(set.code, set.error).toBe(0);
    const secret = /whsec_[\w-]+/.exec(set.out)?.[0] ?? '';
    expect(secret).not.toBe('');

    const member = await shopper(1_000);
    // Refused (no address to deliver to): nothing is announced.
    expect((await order(member, { items: [{ productId: catalog.products.tumbler.id, quantity: 1 }], delivery: { method: 'courier' }, paymentMethod: 'qris' })).statusCode).toBe(400);

    const digital = await order(member, { items: [{ productId: catalog.products.ebook.id, quantity: 1 }], delivery: { method: 'none' } });
    expect(digital.statusCode, digital.body).toBe(201);
    answers.push(500);
    expect(await runWebhookJobs()).toEqual({ claimed: 1, failed: 1 });
    expect(received).toHaveLength(1);
    testApp.clock.advance(11_000);
    expect(await runWebhookJobs()).toEqual({ claimed: 1, failed: 0 });
    expect(received).toHaveLength(2);
    const created = JSON.parse(received[1]?.body ?? '{}') as { id: string; type: string; data: { order: { id: string; status: string; member: { cardNumber: string } } } };
    expect(created).toMatchObject({ type: 'order.created', data: { order: { id: digital.json().data.id, status: 'new', member: { cardNumber: member.card.number } } } });
    expect(received[0]?.body).toBe(received[1]?.body);
    expect(verified(received[1]!, secret, testApp.clock.now())).toBe(true);
    expect(verified({ ...received[1]!, body: received[1]!.body.replace('order.created', 'order.paid') }, secret, testApp.clock.now())).toBe(false);
    const [event] = await testApp.db.select().from(webhookEvents).where(eq(webhookEvents.id, created.id));
    expect(event).toMatchObject({ attempts: 2, lastError: null });
    expect(event?.deliveredAt).not.toBeNull();

    // A mixed payment: announced when placed (waiting for its payment), and again once paid.
    const mixed = await order(await shopper(0), { items: [{ productId: catalog.products.ebook.id, quantity: 1 }], delivery: { method: 'none' }, paymentMethod: 'virtual_account' });
    expect(mixed.statusCode, mixed.body).toBe(201);
    const payment = mixed.json().data.payment as { id: string; amount: number };
    await deliver(testApp, sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: String(payment.amount) }));
    await runWebhookJobs();
    const types = received.slice(2).map((message) => JSON.parse(message.body) as { type: string; data: { order: { status: string } } });
    // The two jobs run side by side: they may arrive in either order.
    expect(types.map((message) => [message.type, message.data.order.status]).sort()).toEqual([
      ['order.created', 'waiting_payment'],
      ['order.paid', 'new'],
    ]);
  });

  it('refuses an address that is not a URL, and stops when removed', async () => {
    expect((await kartu('merchants', 'webhook', '--mid', 'KOPISENJA', '--url', 'not a url')).code).toBe(1);
    expect((await kartuOn(() => testApp, { webhookSealKey: sealKey, production: true })('merchants', 'webhook', '--mid', 'KOPISENJA', '--url', 'http://example.com/hooks')).code).toBe(1);
    expect((await kartu('merchants', 'webhook', '--mid', 'KOPISENJA', '--remove')).code).toBe(0);
    const before = received.length;
    const member = await shopper(1_000);
    expect((await order(member, { items: [{ productId: catalog.products.ebook.id, quantity: 1 }], delivery: { method: 'none' } })).statusCode).toBe(201);
    await runWebhookJobs();
    expect(received).toHaveLength(before);
    const till = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Till' })).key });
    expect((await till.GET('/integration/v1/programs/{programId}/orders', { params: { path: { programId: catalog.programId } } })).response.status).toBe(200);
  });
});
