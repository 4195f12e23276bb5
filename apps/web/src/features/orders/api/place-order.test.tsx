import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { cardKeys } from '../../../lib/card-keys.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';
import { okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { cardId, order, ordersPath, shopCard } from '../../../test/shop.test-support.ts';
import { orderKeys } from './order-keys.ts';
import { usePlaceOrder } from './place-order.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A cache holding what the member's app had read before the order: the data matters less than the keys. */
function filledCache(keys: readonly QueryKey[]): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const key of keys) queryClient.setQueryData(key, { read: 'before the order' });
  return queryClient;
}

describe('usePlaceOrder', () => {
  it("clears the order, e-voucher, card, card list and history caches once the order is placed, and keeps the new order's page", async () => {
    const placed = order({ id: 'ord-9' });
    const api = stubApi({ [`POST ${ordersPath}`]: () => okAnswer({ data: placed }, 201) });
    const cleared = [
      cardKeys.detail(cardId),
      cardKeys.transactions(cardId),
      cardKeys.catalogList(cardId, { category: 'coffee' }),
      orderKeys.list(cardId, 20),
      orderKeys.detail(cardId, 'ord-1'),
      cardKeys.list('active'),
      voucherKeys.wallet('active', null),
      voucherKeys.wallet('active', cardId),
      voucherKeys.count(),
    ];
    const kept = [cardKeys.detail('another-card'), cardKeys.transactions('another-card')];
    const queryClient = filledCache([...cleared, ...kept]);
    queryClient.setQueryData(cardKeys.detail(cardId), shopCard());
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => usePlaceOrder(cardId), { wrapper });

    await act(() => result.current.mutateAsync({ body: { items: [{ productId: 'p-beans', quantity: 2 }], delivery: { method: 'none' } }, idempotencyKey: 'attempt-1' }));

    expect(api.to('POST', ordersPath).map((request) => request.headers.get('idempotency-key'))).toEqual(['attempt-1']);
    for (const key of cleared) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of kept) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
    expect(queryClient.getQueryData(orderKeys.detail(cardId, 'ord-9'))).toEqual(placed);
  });

  it('clears nothing when the order is refused', async () => {
    stubApi({});
    const queryClient = filledCache([cardKeys.detail(cardId), voucherKeys.count(), orderKeys.list(cardId, 20)]);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => usePlaceOrder(cardId), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({ body: { items: [{ productId: 'p-beans', quantity: 1 }] }, idempotencyKey: 'attempt-2' })).rejects.toThrow();
    });
    for (const key of [cardKeys.detail(cardId), voucherKeys.count(), orderKeys.list(cardId, 20)]) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });
});
