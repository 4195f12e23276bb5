import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { cardListAnswerSchema, type CardListAnswer, type CardView } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

/** GET /api/v2/cards?page=&view= → one page of the member's cards in that view. */
export function getCards({ page, view }: { page: number; view: CardView }, signal?: AbortSignal): Promise<CardListAnswer> {
  return api.get('/api/v2/cards', { query: { page, view }, schema: cardListAnswerSchema, signal });
}

export function loadedCount(pages: readonly CardListAnswer[]): number {
  return pages.reduce((total, page) => total + page.data.length, 0);
}

// spec: app-core §4 Card list: pages start at 1, the next is the current plus one, while cards remain.
export function nextCardPage(last: CardListAnswer, pages: readonly CardListAnswer[]): number | undefined {
  return last.data.length > 0 && loadedCount(pages) < last.count ? last.page + 1 : undefined;
}

export function cardsQueryOptions(view: CardView) {
  return infiniteQueryOptions({
    queryKey: cardKeys.list(view),
    queryFn: ({ pageParam, signal }) => getCards({ page: pageParam, view }, signal),
    initialPageParam: 1,
    getNextPageParam: nextCardPage,
  });
}

export function useCards(view: CardView, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...cardsQueryOptions(view), enabled: options.enabled ?? true });
}
