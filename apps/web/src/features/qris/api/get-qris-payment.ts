import { queryOptions, useQuery } from '@tanstack/react-query';
import { qrisPaymentAnswerSchema, type QrisPayment } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { PAYMENT_POLL_MS } from '../../../lib/payment-polling.ts';
import { qrisKeys, qrisPaymentsPath } from './qris-keys.ts';

/** GET /api/v2/cards/{cardId}/qris-payments/{paymentId}: the payment as it is now; 404 PAYMENT_NOT_FOUND when not the member's. */
export async function getQrisPayment(options: { cardId: string; paymentId: string; signal?: AbortSignal }): Promise<QrisPayment> {
  const path = `${qrisPaymentsPath(options.cardId)}/${encodeURIComponent(options.paymentId)}`;
  return (await api.get(path, { schema: qrisPaymentAnswerSchema, signal: options.signal })).data;
}

export function qrisPaymentQueryOptions(cardId: string, paymentId: string) {
  return queryOptions({
    queryKey: qrisKeys.payment(cardId, paymentId),
    queryFn: ({ signal }) => getQrisPayment({ cardId, paymentId, signal }),
    // spec: business-rules §4 QR payment pending, then paid or expired: read again until it settles, never while the tab is hidden.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useQrisPayment(cardId: string, paymentId: string) {
  return useQuery({ ...qrisPaymentQueryOptions(cardId, paymentId), enabled: paymentId !== '' });
}
