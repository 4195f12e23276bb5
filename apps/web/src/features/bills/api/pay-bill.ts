import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billPaymentAnswerSchema, type BillPayBody, type BillPayment } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { billKeys, cardBillsApiPath } from './bill-keys.ts';

/**
 * POST /api/v2/cards/{cardId}/bills with the attempt's Idempotency-Key: a resent attempt answers the
 * same payment. 201 success (with the token or serial number), failed (what the card spent given
 * back) or pending. 409 BILL_CHECK_EXPIRED, BILL_ALREADY_TOPPED_UP; 422 INSUFFICIENT_BALANCE,
 * PAYMENT_METHOD_UNAVAILABLE, BILLER_CLOSED; 429 TOPUP_LIMIT_REACHED.
 */
export async function payBill(options: { cardId: string; body: BillPayBody; idempotencyKey: string }): Promise<BillPayment> {
  const answer = await api.post(cardBillsApiPath(options.cardId), {
    body: options.body,
    headers: { 'Idempotency-Key': options.idempotencyKey },
    schema: billPaymentAnswerSchema,
  });
  return answer.data;
}

/** The new payment is cached for its page; the card spent points or balance, so the card (and its payments) are read again. */
export function usePayBill(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BillPayBody; idempotencyKey: string }) => payBill({ cardId, body, idempotencyKey }),
    onSuccess: (payment) => {
      queryClient.setQueryData(billKeys.payment(cardId, payment.id), payment);
      void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) });
      void queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
    },
  });
}
