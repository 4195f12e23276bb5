import { useQuery } from '@tanstack/react-query';
import { paymentPageAnswerSchema } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from '../../../lib/payment-keys.ts';

/** GET /api/v2/payments/{id}/page: the app path where the member follows the payment. */
export function usePaymentPagePath(paymentId: string) {
  return useQuery({
    queryKey: paymentKeys.page(paymentId),
    queryFn: ({ signal }) => api.get(`/api/v2/payments/${encodeURIComponent(paymentId)}/page`, { schema: paymentPageAnswerSchema, signal }),
    enabled: paymentId !== '',
  });
}
