import type { OrderStatus } from '@kartu/contracts';

/**
 * The statuses each order status may move to (docs/decisions/023-orders.md). Migration 0021's
 * trigger holds the database to the same table; order-status.test.ts checks that both agree.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  waiting_payment: ['new', 'failed', 'cancelled'],
  new: ['on_process', 'order_ready', 'on_courier', 'cancelled'],
  on_process: ['order_ready', 'on_courier', 'cancelled'],
  order_ready: ['on_courier', 'completed', 'cancelled'],
  on_courier: ['completed', 'returned'],
  completed: ['returned'],
  cancelled: [],
  failed: [],
  returned: [],
};

/** An order is placed waiting for its money, or, when it has none to pay, as new. */
export const initialOrderStatuses = ['waiting_payment', 'new'] as const satisfies readonly OrderStatus[];

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** The moves that give the member back what the order took: its points, and its stock unless the goods went out. */
export const givesBackPoints: readonly OrderStatus[] = ['failed', 'cancelled', 'returned'];
export const givesBackStock: readonly OrderStatus[] = ['failed', 'cancelled'];
