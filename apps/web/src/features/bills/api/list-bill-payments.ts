import { queryOptions, useQuery } from '@tanstack/react-query';
import { billPaymentListSchema, type BillPayment } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { billKeys, cardBillsApiPath } from './bill-keys.ts';

/** GET /api/v2/cards/{cardId}/bills: the card's latest 50 payments, newest first; 404 CARD_NOT_FOUND. */
export async function listBillPayments(cardId: string, signal?: AbortSignal): Promise<BillPayment[]> {
  return (await api.get(cardBillsApiPath(cardId), { schema: billPaymentListSchema, signal })).data;
}

export function billPaymentsQueryOptions(cardId: string) {
  return queryOptions({ queryKey: billKeys.payments(cardId), queryFn: ({ signal }) => listBillPayments(cardId, signal) });
}

export function useBillPayments(cardId: string) {
  return useQuery(billPaymentsQueryOptions(cardId));
}
