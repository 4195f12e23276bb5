import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentAnswerSchema, type PaymentAnswer } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from '../../../lib/payment-keys.ts';
import { isFinalPaymentStatus, PAYMENT_POLL_MS } from '../../../lib/payment-polling.ts';

/** GET /api/v2/payments/{id}: one of the member's payments; 404 PAYMENT_NOT_FOUND otherwise. */
export function getPayment(options: { paymentId: string; signal?: AbortSignal }): Promise<PaymentAnswer> {
  return api.get(`/api/v2/payments/${encodeURIComponent(options.paymentId)}`, { schema: paymentAnswerSchema, signal: options.signal });
}

export function paymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: paymentKeys.detail(paymentId),
    queryFn: ({ signal }) => getPayment({ paymentId, signal }),
    // Read again every 3 s until the status is final; never while the tab is hidden.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !isFinalPaymentStatus(status) ? PAYMENT_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}

export function usePayment(paymentId: string) {
  return useQuery({ ...paymentQueryOptions(paymentId), enabled: paymentId !== '' });
}
