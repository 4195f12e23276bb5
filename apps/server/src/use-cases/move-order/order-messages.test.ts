import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAnswerSchema, type CheckoutBody, type IntegrationOrderStatusBody, type Order } from '@kartu/contracts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { memberWithPoints, send, type CardMember } from '../../modules/cards/cards.test-support.ts';
import { newCatalog, newCustomValueProduct, type TestCatalog } from '../../modules/catalog/catalog.test-support.ts';
import { contentOf, messagesOf, whileRefusing } from '../../modules/inbox/inbox.test-support.ts';
import { createPaymentsTestApp, deliver, sandboxMessage } from '../../modules/payments/payments.test-support.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import { merchantIdOf, type TestApp } from '../../test/test-app.ts';

// What the member's inbox is told of their order: each move the merchant makes, and its payment.

let testApp: TestApp;
let merchantId: number;
let catalog: TestCatalog;
let till: IntegrationClient;

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  merchantId = await merchantIdOf(testApp.db);
  catalog = await newCatalog(testApp, merchantId);
  till = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Back office' })).key });
});
afterAll(async () => {
  await testApp.close();
});

async function placed(member: CardMember, body: CheckoutBody): Promise<Order> {
  const response = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, { member, body, headers: { 'idempotency-key': randomUUID() } });
  expect(response.statusCode, response.body).toBe(201);
  return orderAnswerSchema.parse(response.json()).data;
}

/** An order of e-vouchers paid in points: new at once, for the merchant to move on. */
async function newOrder(): Promise<{ member: CardMember; order: Order }> {
  const member = await memberWithPoints(testApp, { merchantId, programId: catalog.programId, points: 1_000 });
  const order = await placed(member, { items: [{ productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'none' } });
  expect(order.status).toBe('new');
  return { member, order };
}

const move = (order: Order, body: IntegrationOrderStatusBody, key = newWriteKey()) =>
  till.POST('/integration/v1/programs/{programId}/orders/{orderId}/status', { params: { path: { programId: catalog.programId, orderId: order.id }, header: { 'idempotency-key': key } }, body });

const orderPage = (order: Order) => `/cards/${order.cardId}/orders/${order.id}`;

describe("the messages of a member's order", () => {
  it("tell of each move the merchant makes, once per Idempotency-Key, on the order's page", async () => {
    const { member, order } = await newOrder();
    expect(await messagesOf(testApp, member.userId)).toEqual([]);
    const key = newWriteKey();
    expect((await move(order, { status: 'on_process' }, key)).response.status).toBe(200);
    expect((await move(order, { status: 'on_process' }, key)).response.headers.get('idempotent-replayed')).toBe('true');
    testApp.clock.advance(60_000);
    expect((await move(order, { status: 'order_ready' })).response.status).toBe(200);
    const told = { merchantId, userId: member.userId, cardId: order.cardId, link: orderPage(order), readAt: null, deletedAt: null };
    expect((await messagesOf(testApp, member.userId)).map(contentOf)).toEqual([
      { ...told, facts: { kind: 'order_status', orderNumber: order.number, status: 'on_process' } },
      { ...told, facts: { kind: 'order_status', orderNumber: order.number, status: 'order_ready' } },
    ]);
  });

  it('tell nothing of a move refused, or of one that does not commit', async () => {
    const { member, order } = await newOrder();
    const refused = await move(order, { status: 'completed' });
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'ORDER_STATUS_INVALID' });
    const failed = await whileRefusing(testApp, { table: 'idempotency_keys', when: "new.status = 'done'" }, () => move(order, { status: 'cancelled' }));
    expect(failed.response.status).toBe(500);
    expect(await messagesOf(testApp, member.userId)).toEqual([]);
  });

  it("tell of the order's payment once it is paid, on the order's page, and of no move the payment made", async () => {
    const donation = await newCustomValueProduct(testApp, merchantId, catalog, { name: 'Farmers fund', min: 10_000n, isDonation: true });
    const member = await memberWithPoints(testApp, { merchantId, programId: catalog.programId, points: 0 });
    const order = await placed(member, { items: [{ productId: donation.id, quantity: 1, value: 20_000 }], delivery: { method: 'none' }, paymentMethod: 'virtual_account' });
    const payment = order.payment;
    if (!payment) throw new Error('The order has no payment');
    expect((await deliver(testApp, sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: String(payment.amount) }))).statusCode).toBe(200);
    expect((await messagesOf(testApp, member.userId)).map(contentOf)).toEqual([
      {
        merchantId,
        userId: member.userId,
        cardId: order.cardId,
        facts: { kind: 'payment_settled', status: 'paid', amount: payment.amount, currency: 'IDR' },
        link: orderPage(order),
        readAt: null,
        deletedAt: null,
      },
    ]);
  });
});
