import { HOUR_MS } from '@kartu/core/calendar';
import { ORDER_PROCESSING_HOURS } from '@kartu/core/constants';
import type { Order } from '@kartu/contracts';

/** The statuses in which the merchant has the order and is yet to make it ready. */
const processingStatuses: ReadonlySet<Order['status']> = new Set(['new', 'on_process']);

/**
 * spec: business-rules §9 "Order processing: up to 2x24 hours". When the merchant is due to have
 * processed an order it is working on: that long after the order became new (paid, or placed with
 * nothing to pay); null for an order not in the merchant's hands.
 */
export function processingDeadline(order: Pick<Order, 'status' | 'history' | 'createdAt'>): Date | null {
  if (!processingStatuses.has(order.status)) return null;
  const since = order.history.findLast((event) => event.status === 'new')?.at ?? order.createdAt;
  return new Date(new Date(since).getTime() + ORDER_PROCESSING_HOURS * HOUR_MS);
}

/** The time as the texts say it: 2x24 hours. */
export const ORDER_PROCESSING_DAYS = ORDER_PROCESSING_HOURS / 24;
