import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantOrderMoves, orderAnswerSchema, orderStatuses, type OrderStatus } from '@kartu/contracts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { memberWithPoints, send } from '../cards/cards.test-support.ts';
import { newCatalog } from '../catalog/catalog.test-support.ts';
import { canMoveOrder, givesBackPoints, givesBackStock, initialOrderStatuses, orderTransitions } from './order-status.ts';
import { orders, type OrderRow } from './orders.table.ts';

let testApp: TestApp;
let merchantId: number;
let order: OrderRow;

useTestApp((made) => ({ testApp, merchantId } = made));
beforeAll(async () => {
  const catalog = await newCatalog(testApp, merchantId);
  const member = await memberWithPoints(testApp, { merchantId, programId: catalog.programId, points: 1_000 });
  const placed = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, {
    member,
    body: { items: [{ productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'none' } },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const [row] = await testApp.db.select().from(orders).where(eq(orders.id, orderAnswerSchema.parse(placed.json()).data.id));
  if (!row) throw new Error('The placed order was not found');
  order = row;
});

const everyMove = orderStatuses.flatMap((from) => orderStatuses.filter((to) => to !== from).map((to) => [from, to] as const));

/** Puts the order in `from` with the trigger off, then asks the database for the move to `to`: true when it takes it. */
async function databaseTakes(from: OrderStatus, to: OrderStatus): Promise<boolean> {
  await testApp.db.transaction(async (tx) => {
    await tx.execute(sql`alter table orders disable trigger orders_transitions`);
    await tx.update(orders).set({ status: from }).where(eq(orders.id, order.id));
    await tx.execute(sql`alter table orders enable trigger orders_transitions`);
  });
  try {
    await testApp.db.update(orders).set({ status: to }).where(eq(orders.id, order.id));
    return true;
  } catch {
    return false;
  }
}

/** Inserts a copy of the order placed in `status`: true when the database takes it. */
async function databaseStartsIn(status: OrderStatus): Promise<boolean> {
  const id = randomUUID();
  try {
    await testApp.db.insert(orders).values({ ...order, id, number: `T-${id.slice(0, 8)}`, status });
    return true;
  } catch {
    return false;
  }
}

describe('the transition table', () => {
  it('names every status, and ends at cancelled, failed and returned', () => {
    expect(Object.keys(orderTransitions).sort()).toEqual([...orderStatuses].sort());
    expect(orderStatuses.filter((status) => orderTransitions[status].length === 0).sort()).toEqual(['cancelled', 'failed', 'returned']);
  });

  it('reaches every status from the ones an order is placed in', () => {
    const reached = new Set<OrderStatus>(initialOrderStatuses);
    for (let grew = true; grew; ) {
      const before = reached.size;
      for (const status of [...reached]) for (const next of orderTransitions[status]) reached.add(next);
      grew = reached.size > before;
    }
    expect([...reached].sort()).toEqual([...orderStatuses].sort());
  });

  it("gives the merchant every move it may make, and leaves new and failed to the order's payment", () => {
    const merchantTargets = new Set(orderStatuses.filter((from) => from !== 'waiting_payment').flatMap((from) => orderTransitions[from]));
    expect([...merchantTargets].sort()).toEqual([...merchantOrderMoves].sort());
    expect(orderTransitions.waiting_payment).toEqual(['new', 'failed', 'cancelled']);
  });

  it('gives back stock only where it also gives back the points', () => {
    expect(givesBackStock.every((status) => givesBackPoints.includes(status))).toBe(true);
    expect(givesBackPoints).not.toContain('completed');
  });
});

describe('the orders trigger, held to the same table', () => {
  it('takes every move the table allows', async () => {
    const allowed = everyMove.filter(([from, to]) => canMoveOrder(from, to));
    expect(allowed.length).toBeGreaterThan(10);
    const refused: string[] = [];
    for (const [from, to] of allowed) if (!(await databaseTakes(from, to))) refused.push(`${from}→${to}`);
    expect(refused).toEqual([]);
  });

  it('refuses every move the table does not allow', async () => {
    const taken: string[] = [];
    for (const [from, to] of everyMove.filter(([from, to]) => !canMoveOrder(from, to))) if (await databaseTakes(from, to)) taken.push(`${from}→${to}`);
    expect(taken).toEqual([]);
  });

  it('places an order only in the statuses an order starts in', async () => {
    const started = [];
    for (const status of orderStatuses) if (await databaseStartsIn(status)) started.push(status);
    expect(started.sort()).toEqual([...initialOrderStatuses].sort());
  });

  it('refuses any change to what was bought and paid', async () => {
    await expect(testApp.db.update(orders).set({ pointsPaid: order.pointsPaid + 1n }).where(eq(orders.id, order.id))).rejects.toThrow();
    await expect(testApp.db.update(orders).set({ fees: [{ type: 'admin', amountMinor: '1' }] }).where(eq(orders.id, order.id))).rejects.toThrow();
  });
});
