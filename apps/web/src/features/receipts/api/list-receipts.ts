import { queryOptions, useQuery } from '@tanstack/react-query';
import { receiptListAnswerSchema, type Receipt } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardReceiptsApiPath, receiptKeys } from '../receipt-keys.ts';

/** GET /api/v2/cards/{cardId}/receipts: the card's latest receipts, newest first; 404 CARD_NOT_FOUND. */
export async function listReceipts(cardId: string, signal?: AbortSignal): Promise<Receipt[]> {
  return (await api.get(cardReceiptsApiPath(cardId), { schema: receiptListAnswerSchema, signal })).data;
}

export function receiptsQueryOptions(cardId: string) {
  return queryOptions({ queryKey: receiptKeys.list(cardId), queryFn: ({ signal }) => listReceipts(cardId, signal) });
}

export function useReceipts(cardId: string) {
  return useQuery(receiptsQueryOptions(cardId));
}
