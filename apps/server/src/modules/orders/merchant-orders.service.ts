import type { OrderStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import { orderCursorOf, parseOrderCursor } from './orders.service.ts';
import { listOrdersOfProgram, lockOrder } from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

/* The merchant's side of orders: the orders to fulfil (docs/integration.md). */

/** The program's orders, newest first, of one status when asked, a page at a time. */
export async function listMerchantOrderRows({
  db,
  merchantId,
  programId,
  status,
  cursor,
  limit,
}: {
  db: Database;
  merchantId: number;
  programId: string;
  status?: OrderStatus;
  cursor?: string;
  limit: number;
}): Promise<{ rows: OrderRow[]; nextCursor: string | null }> {
  await getProgram({ db, merchantId, programId });
  const after = parseOrderCursor(cursor);
  const rows = await listOrdersOfProgram(db, { merchantId, programId, ...(status && { status }), ...(after && { cursor: after }), limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? orderCursorOf(last) : null };
}

/** One order of the merchant's program, locked; any other is not found. */
export async function lockMerchantOrder(tx: Database, { merchantId, programId, orderId }: { merchantId: number; programId: string; orderId: string }): Promise<OrderRow> {
  const order = isUuid(orderId) ? await lockOrder(tx, orderId) : undefined;
  if (!order || order.merchantId !== merchantId || order.programId !== programId) throw new AppError('ORDER_NOT_FOUND');
  return order;
}
