import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { cardListAnswerSchema, type CardListAnswer, type CardListItem } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

function firstActive(cards: readonly CardListItem[]): string | null {
  return cards.find((card) => card.status === 'active')?.id ?? null;
}

/**
 * The member's first active card, which pays a QRIS scanned outside any card's page: from the
 * wallet's list already read when there is one, else GET /api/v2/cards?page=1&view=active.
 * Null when the member has none.
 */
export async function getFirstActiveCardId(queryClient: QueryClient, signal?: AbortSignal): Promise<string | null> {
  const wallet = queryClient.getQueryData<InfiniteData<CardListAnswer>>(cardKeys.list('active'));
  const fromWallet = firstActive(wallet?.pages[0]?.data ?? []);
  if (fromWallet) return fromWallet;
  const answer = await api.get('/api/v2/cards', { query: { page: 1, view: 'active' }, schema: cardListAnswerSchema, signal });
  return firstActive(answer.data);
}
