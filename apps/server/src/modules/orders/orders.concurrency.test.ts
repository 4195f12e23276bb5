import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@kartu/contracts';
import { isPostgresServerRun, useTestApp, type TestApp } from '../../test/test-app.ts';
import { memberWithCard, send, type CardMember } from '../cards/cards.test-support.ts';
import { createProduct } from '../catalog/catalog.service.ts';
import { products } from '../catalog/catalog.table.ts';
import { newCatalog } from '../catalog/catalog.test-support.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { earn } from '../ledger/points.service.ts';
import { orders } from './orders.table.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made), { onlyOnPostgresServer: true });

describe('checkouts racing for the last items', () => {
  it.skipIf(!isPostgresServerRun)('sells the last 10 items to exactly 10 of 50 members, never below zero, and charges only those 10', async () => {
    const db = testApp.db;
    const catalog = await newCatalog(testApp, merchantId);
    const lastTen = await createProduct({
      db,
      product: { merchantId, programId: catalog.programId, categoryId: catalog.categories.merch, currency: 'IDR', sku: 'LAST-TEN', type: 'evoucher', name: 'Last ten', pricePoints: 300n, stock: 10, maxPerOrder: 1 },
    });
    const members: CardMember[] = [];
    for (let index = 0; index < 50; index += 1) {
      const member = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
      await earn({ db, now: testApp.clock.now(), merchantId, card: member.card, amount: 1_000n });
      members.push(member);
    }

    const answers = await Promise.all(
      members.map((member) =>
        send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, {
          member,
          body: { items: [{ productId: lastTen.id, quantity: 1 }], delivery: { method: 'none' } },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);
    expect(new Set(answers.filter((answer) => answer.statusCode === 422).map((answer) => errorBodySchema.parse(answer.json()).code))).toEqual(new Set(['CART_NOT_VALID']));

    const [left] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, lastTen.id));
    expect(left?.stock).toBe(0);
    expect(await db.$count(orders, eq(orders.programId, catalog.programId))).toBe(10);
    const buyers = new Set((await db.select({ cardId: orders.cardId }).from(orders).where(eq(orders.programId, catalog.programId))).map((row) => row.cardId));
    for (const member of members) {
      const balance = await getBalance({ db, card: member.card, now: testApp.clock.now() });
      expect(balance).toBe(buyers.has(member.card.id) ? 700n : 1_000n);
    }
  });
});
