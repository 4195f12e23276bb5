import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  subscribeAnswerSchema,
  subscriptionAnswerSchema,
  subscriptionFeesAnswerSchema,
  subscriptionPageSchema,
  type CardTokenInput,
  type PaymentMethod,
  type SubscribeBody,
  type SubscriptionSettingsBody,
} from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

const cardPath = (cardId: string) => `/api/v2/cards/${encodeURIComponent(cardId)}`;

/** GET /api/v2/cards/{cardId}/subscription: the plans on sale and the member's subscription. */
export function subscriptionQueryOptions(cardId: string) {
  return queryOptions({
    queryKey: cardKeys.subscription(cardId),
    queryFn: ({ signal }) => api.get(`${cardPath(cardId)}/subscription`, { schema: subscriptionPageSchema, signal }),
  });
}

export function useSubscription(cardId: string) {
  return useQuery(subscriptionQueryOptions(cardId));
}

/**
 * POST /api/v2/fees/subscription: the plan's price with its fee lines for the method, worked out by
 * the server. spec app-core §7: a failed load shows no fee lines rather than an error.
 */
export function useSubscriptionFees(cardId: string, planId: string | null, paymentMethod: PaymentMethod | null) {
  return useQuery({
    queryKey: cardKeys.subscriptionFees(cardId, planId ?? '', paymentMethod),
    queryFn: ({ signal }) =>
      api.post('/api/v2/fees/subscription', { body: { cardId, planId, ...(paymentMethod && { paymentMethod }) }, schema: subscriptionFeesAnswerSchema, signal }),
    enabled: planId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The card and its subscription are read again after any change to it. */
function useRefreshCard() {
  const queryClient = useQueryClient();
  return (cardId: string) =>
    Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) }), queryClient.invalidateQueries({ queryKey: cardKeys.lists() })]);
}

/** POST /api/v2/cards/subscriptions with one Idempotency-Key per attempt: a resent attempt opens one payment. */
export function useSubscribe() {
  const refresh = useRefreshCard();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SubscribeBody; idempotencyKey: string }) =>
      api.post('/api/v2/cards/subscriptions', { body, headers: { 'Idempotency-Key': idempotencyKey }, schema: subscribeAnswerSchema }),
    onSuccess: (_answer, { body }) => refresh(body.cardId),
  });
}

/** POST /api/v2/cards/subscriptions/cancel. */
export function useCancelSubscription() {
  const refresh = useRefreshCard();
  return useMutation({
    mutationFn: (cardId: string) => api.post('/api/v2/cards/subscriptions/cancel', { body: { cardId }, schema: subscriptionAnswerSchema }),
    onSuccess: (_answer, cardId) => refresh(cardId),
  });
}

/** PATCH /api/v2/cards/{cardId}/subscription: auto-renew, or the card renewals are charged to. */
export function useSubscriptionSettings() {
  const refresh = useRefreshCard();
  return useMutation({
    mutationFn: ({ cardId, body }: { cardId: string; body: SubscriptionSettingsBody & { card?: CardTokenInput | null } }) =>
      api.patch(`${cardPath(cardId)}/subscription`, { body, schema: subscriptionAnswerSchema }),
    onSuccess: (_answer, { cardId }) => refresh(cardId),
  });
}
