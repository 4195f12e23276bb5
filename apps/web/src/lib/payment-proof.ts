import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentAnswerSchema, type PaymentAnswer } from '@kartu/contracts';
import { api } from './api-client.ts';
import { paymentKeys } from './payment-keys.ts';

/**
 * POST /api/v2/payments/{id}/proof: the image of the member's transfer receipt, sent as it is.
 * It replaces a proof the merchant has not checked yet; 409 PAYMENT_PROOF_NOT_ACCEPTED once the
 * payment no longer waits for one.
 */
export function uploadPaymentProof({ paymentId, image }: { paymentId: string; image: Blob }): Promise<PaymentAnswer> {
  return api.post(`/api/v2/payments/${encodeURIComponent(paymentId)}/proof`, { file: image, schema: paymentAnswerSchema });
}

export function useUploadPaymentProof(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Blob) => uploadPaymentProof({ paymentId, image }),
    // The answer is the payment with its new proof: the page shows it without waiting for the next poll.
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.detail(paymentId), payment),
  });
}
