import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import {
  distributors,
  orderEvents,
  orderLines,
  orders,
  promotions,
  shopSettings,
  type DistributorRow,
  type NewDistributorRow,
  type NewOrderLineRow,
  type NewOrderRow,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
  type NewPromotionRow,
  type PromotionRow,
  type ShopSettingsRow,
} from './orders.table.ts';

export async function findShopSettings(db: Database, programId: string): Promise<ShopSettingsRow | undefined> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.programId, programId)).limit(1);
  return row;
}

export async function saveShopSettings(db: Database, values: typeof shopSettings.$inferInsert): Promise<void> {
  const { programId: _program, ...changes } = values;
  await db.insert(shopSettings).values(values).onConflictDoUpdate({ target: shopSettings.programId, set: changes });
}

export async function listDistributors(db: Database, { merchantId, programId }: { merchantId: number; programId: string }): Promise<DistributorRow[]> {
  return db
    .select()
    .from(distributors)
    .where(and(eq(distributors.merchantId, merchantId), eq(distributors.programId, programId), eq(distributors.isActive, true)))
    .orderBy(asc(distributors.sortOrder), asc(distributors.name));
}

export async function findDistributor(db: Database, { merchantId, programId, distributorId }: { merchantId: number; programId: string; distributorId: string }) {
  const [row] = await db
    .select()
    .from(distributors)
    .where(and(eq(distributors.id, distributorId), eq(distributors.merchantId, merchantId), eq(distributors.programId, programId)))
    .limit(1);
  return row;
}

export async function insertDistributor(db: Database, values: NewDistributorRow): Promise<DistributorRow> {
  const [row] = await db.insert(distributors).values(values).returning();
  if (!row) throw new Error('The distributor was not written');
  return row;
}

/** An order's card and its member's wallet: what an order's write tells the caches. */
function changedHolder(db: Database, order: Pick<OrderRow, 'cardId' | 'userId'>): void {
  publishAfterCommit(db, [changeTags.card(order.cardId), changeTags.wallet(order.userId)]);
}

export async function insertOrder(tx: Database, values: NewOrderRow, lines: Omit<NewOrderLineRow, 'orderId'>[]): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('The order was not written');
  await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
  changedHolder(tx, row);
  return row;
}

export async function insertOrderEvent(tx: Database, values: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(values);
}

export async function findOrder(db: Database, { merchantId, orderId }: { merchantId: number; orderId: string }): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId))).limit(1);
  return row;
}

/** The order's row, locked until the transaction ends: status moves are made one at a time. */
export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  return row;
}

export async function updateOrder(tx: Database, orderId: string, changes: Partial<Pick<OrderRow, 'status' | 'courier' | 'trackingNumber' | 'paymentIntentId' | 'updatedAt'>>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(changes).where(eq(orders.id, orderId)).returning();
  if (!row) throw new Error('The order was not updated');
  changedHolder(tx, row);
  return row;
}

export async function findLinesOfOrders(db: Database, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderLines).where(inArray(orderLines.orderId, [...orderIds])).orderBy(asc(orderLines.id));
}

export async function findEventsOfOrder(db: Database, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

/** Where a page of orders continues: after this order, newest first. */
export interface OrderCursor {
  createdAt: Date;
  id: string;
}

function before(cursor: OrderCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(orders.createdAt, cursor.createdAt), and(eq(orders.createdAt, cursor.createdAt), lt(orders.id, cursor.id)));
}

export async function listOrdersOfCard(db: Database, { merchantId, cardId, cursor, limit }: { merchantId: number; cardId: string; cursor?: OrderCursor; limit: number }): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.cardId, cardId), before(cursor)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function listOrdersOfProgram(
  db: Database,
  { merchantId, programId, status, cursor, limit }: { merchantId: number; programId: string; status?: OrderStatus; cursor?: OrderCursor; limit: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.programId, programId), status ? eq(orders.status, status) : undefined, before(cursor)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function setDistributorActive(db: Database, distributorId: string, isActive: boolean): Promise<void> {
  await db.update(distributors).set({ isActive }).where(eq(distributors.id, distributorId));
}

export async function findPromotion(db: Database, { programId, code }: { programId: string; code: string }): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(and(eq(promotions.programId, programId), eq(promotions.code, code))).limit(1);
  return row;
}

export async function upsertPromotion(db: Database, values: NewPromotionRow): Promise<PromotionRow> {
  const { programId: _program, code: _code, ...changes } = values;
  const [row] = await db.insert(promotions).values(values).onConflictDoUpdate({ target: [promotions.programId, promotions.code], set: changes }).returning();
  if (!row) throw new Error('The promotion was not written');
  return row;
}

/** One order of these cards placed since `since` that reached the member (completed). */
export async function findCompletedOrderSince(db: Database, { merchantId, cardIds, since }: { merchantId: number; cardIds: string[]; since: Date }): Promise<{ id: string } | undefined> {
  if (cardIds.length === 0) return undefined;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.cardId, cardIds), gte(orders.createdAt, since), eq(orders.merchantId, merchantId), eq(orders.status, 'completed')))
    .limit(1);
  return row;
}

/** Units of a product in the member's orders placed in [from, to) that were paid and not undone. */
export async function sumUnitsBought(db: Database, { merchantId, userId, productId, from, to, statuses }: { merchantId: number; userId: string; productId: string; from: Date; to: Date; statuses: readonly OrderStatus[] }): Promise<number> {
  const [row] = await db
    .select({ units: sql<string | null>`sum(${orderLines.quantity})` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.userId, userId),
        eq(orderLines.productId, productId),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        inArray(orders.status, [...statuses]),
      ),
    );
  return Number(row?.units ?? 0);
}
