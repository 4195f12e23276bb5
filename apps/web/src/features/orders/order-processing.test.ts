import { describe, expect, it } from 'vitest';
import { processingDeadline } from './order-processing.ts';
import { order } from '../../test/shop.test-support.ts';

describe('processingDeadline', () => {
  it('is 2x24 hours after the order became new, while the merchant has it', () => {
    expect(processingDeadline(order())?.toISOString()).toBe('2026-11-26T10:05:00.000Z');
    const onProcess = order({ status: 'on_process', history: [...order().history, { status: 'on_process', at: '2026-11-25T09:00:00.000Z', note: null }] });
    expect(processingDeadline(onProcess)?.toISOString()).toBe('2026-11-26T10:05:00.000Z');
  });

  it('counts from the placing of an order that was new at once', () => {
    const paidInPoints = order({ history: [{ status: 'new', at: '2026-11-24T12:00:00.000Z', note: null }], createdAt: '2026-11-24T12:00:00.000Z' });
    expect(processingDeadline(paidInPoints)?.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(processingDeadline(order({ history: [] }))?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });

  it('has none before the payment, nor once the order is ready, on its way or over', () => {
    for (const status of ['waiting_payment', 'order_ready', 'on_courier', 'completed', 'cancelled', 'failed', 'returned'] as const) {
      expect(processingDeadline(order({ status })), status).toBeNull();
    }
  });
});
