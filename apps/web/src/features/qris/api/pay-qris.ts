import { useMutation, useQueryClient } from '@tanstack/react-query';
import { qrisPaymentAnswerSchema, type QrisPayment, type QrisPaymentBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { qrisKeys, qrisPaymentsPath } from './qris-keys.ts';

/**
 * POST /api/v2/cards/{cardId}/qris-payments with the attempt's Idempotency-Key: a resent attempt
 * answers the same payment. From the wallet it is pending until paid at the provider; from the
 * card's points or rupiah balance it is paid at once.
 */
export async function payQris(options: { cardId: string; body: QrisPaymentBody; idempotencyKey: string }): Promise<QrisPayment> {
  const answer = await api.post(qrisPaymentsPath(options.cardId), {
    body: options.body,
    headers: { 'Idempotency-Key': options.idempotencyKey },
    schema: qrisPaymentAnswerSchema,
  });
  return answer.data;
}

/** The new payment is cached for the page that follows it; one paid from the card changed its points or balance. */
export function usePayQris(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: QrisPaymentBody; idempotencyKey: string }) => payQris({ cardId, body, idempotencyKey }),
    onSuccess: (payment) => {
      queryClient.setQueryData(qrisKeys.payment(cardId, payment.id), payment);
      if (payment.source !== 'wallet') {
        void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) });
        void queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
      }
    },
  });
}
