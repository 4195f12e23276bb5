import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { inboxPageSchema, type InboxPage } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from '../../../lib/inbox-keys.ts';

const INBOX_PAGE_SIZE = 20;

/** GET /api/v2/inbox: one page of the member's messages, newest first, from `cursor`; one card's with `cardId`. */
export function getInboxPage(options: { cardId: string | null; cursor: string | null; signal?: AbortSignal }): Promise<InboxPage> {
  const { cardId, cursor, signal } = options;
  return api.get('/api/v2/inbox', { query: { cursor, limit: INBOX_PAGE_SIZE, cardId }, schema: inboxPageSchema, signal });
}

export function inboxQueryOptions(cardId: string | null) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(cardId),
    queryFn: ({ pageParam, signal }) => getInboxPage({ cardId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useInbox(cardId: string | null) {
  return useInfiniteQuery(inboxQueryOptions(cardId));
}
