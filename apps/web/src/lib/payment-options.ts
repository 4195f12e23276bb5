import { useQuery } from '@tanstack/react-query';
import { paymentCheckAnswerSchema, type PaymentCheckAnswer } from '@kartu/contracts';
import { api } from './api-client.ts';
import { cardKeys } from './card-keys.ts';

const noPayments: PaymentCheckAnswer = { isValid: false, listPayment: [], publicKey: null, provider: null, tokenizationUrl: null };

/** The subaccount payment check as a page reads it. */
export interface PaymentOptions {
  /** The check's answer; after a failed check, isValid false with no methods. Undefined while it loads. */
  data: PaymentCheckAnswer | undefined;
  /** The check failed: the page says why (the API error catalogue) and offers to ask again. */
  isError: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * POST /api/v2/payments: the subaccount payment check, read by every page that takes a money
 * payment for a card. spec app-core §8 subaccount check failure: 'isValid false, empty list,
 * state error' — a failed check reads as no methods, and its error is kept for the page to tell.
 */
export function usePaymentOptions(cardId: string): PaymentOptions {
  const query = useQuery({
    queryKey: cardKeys.paymentOptions(cardId),
    queryFn: ({ signal }) => api.post('/api/v2/payments', { body: { cardId }, schema: paymentCheckAnswerSchema, signal }),
  });
  return {
    data: query.isError ? noPayments : query.data,
    isError: query.isError,
    error: query.error,
    retry: () => void query.refetch(),
  };
}
