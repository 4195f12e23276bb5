import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionDetailSchema, type TransactionDetail } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

/** GET /api/v2/cards/{id}/transactions/{transactionId}; 404 NOT_FOUND when it is not on this card. */
export function getTransaction(options: { cardId: string; transactionId: string; signal?: AbortSignal }): Promise<TransactionDetail> {
  const { cardId, transactionId } = options;
  return api.get(`/api/v2/cards/${encodeURIComponent(cardId)}/transactions/${encodeURIComponent(transactionId)}`, {
    schema: transactionDetailSchema,
    signal: options.signal,
  });
}

export function transactionQueryOptions(cardId: string, transactionId: string) {
  return queryOptions({
    queryKey: cardKeys.transaction(cardId, transactionId),
    queryFn: ({ signal }) => getTransaction({ cardId, transactionId, signal }),
  });
}

export function useTransaction(cardId: string, transactionId: string) {
  return useQuery(transactionQueryOptions(cardId, transactionId));
}
