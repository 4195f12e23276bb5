import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { transactionListAnswerSchema, type Transaction } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

export type TransactionPage = { data: Transaction[]; nextCursor: string | null };

/** GET /api/v2/cards/{id}/transactions: newest first, one page per cursor (null on the last page). */
export function getTransactions(options: { cardId: string; cursor: string | null; signal?: AbortSignal }): Promise<TransactionPage> {
  return api.get(`/api/v2/cards/${encodeURIComponent(options.cardId)}/transactions`, {
    query: { cursor: options.cursor },
    schema: transactionListAnswerSchema,
    signal: options.signal,
  });
}

export function transactionsQueryOptions(cardId: string) {
  return infiniteQueryOptions({
    queryKey: cardKeys.transactions(cardId),
    queryFn: ({ pageParam, signal }) => getTransactions({ cardId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useTransactions(cardId: string) {
  return useInfiniteQuery(transactionsQueryOptions(cardId));
}
