import { useQuery } from '@tanstack/react-query';
import { paymentCheckAnswerSchema, type PaymentCheckAnswer } from '@kartu/contracts';
import { api } from './api-client.ts';
import { cardKeys } from './card-keys.ts';

const noPayments: PaymentCheckAnswer = { isValid: false, listPayment: [], publicKey: null, provider: null, tokenizationUrl: null };

/**
 * POST /api/v2/payments: the subaccount payment check, read by every page that takes a money
 * payment for a card; a failure reads as no methods (spec: app-core §8).
 */
export function usePaymentOptions(cardId: string) {
  return useQuery({
    queryKey: cardKeys.paymentOptions(cardId),
    queryFn: async ({ signal }) => {
      try {
        return await api.post('/api/v2/payments', { body: { cardId }, schema: paymentCheckAnswerSchema, signal });
      } catch {
        return noPayments;
      }
    },
  });
}
