import { queryOptions, useQuery } from '@tanstack/react-query';
import { billPaymentAnswerSchema, type BillPayment } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { PAYMENT_POLL_MS } from '../../../lib/payment-polling.ts';
import { billKeys, cardBillsApiPath } from './bill-keys.ts';

/** GET /api/v2/cards/{cardId}/bills/{billId}: the payment as it is now; 404 NOT_FOUND when not the member's. */
export async function getBillPayment(options: { cardId: string; billId: string; signal?: AbortSignal }): Promise<BillPayment> {
  const path = `${cardBillsApiPath(options.cardId)}/${encodeURIComponent(options.billId)}`;
  return (await api.get(path, { schema: billPaymentAnswerSchema, signal: options.signal })).data;
}

export function billPaymentQueryOptions(cardId: string, billId: string) {
  return queryOptions({
    queryKey: billKeys.payment(cardId, billId),
    queryFn: ({ signal }) => getBillPayment({ cardId, billId, signal }),
    // A pending payment settles by the biller's word: read again until it does, never while the tab is hidden.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useBillPayment(cardId: string, billId: string) {
  return useQuery(billPaymentQueryOptions(cardId, billId));
}
