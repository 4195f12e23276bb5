import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { InboxMessage, InboxPage } from '@kartu/contracts';
import { inboxKeys } from '../../../lib/inbox-keys.ts';

/*
 * What a read or a deletion changes in the cache, written at once so the list and the header's badge
 * follow the member's tap without waiting for the server; the calls' own answers settle it after.
 */

type InboxPages = InfiniteData<InboxPage, string | null>;

/** Every cached list (the wallet's and each card's), each message passed through `change` (null drops it). */
export function changeCachedMessages(queryClient: QueryClient, change: (message: InboxMessage) => InboxMessage | null): void {
  queryClient.setQueriesData<InboxPages>({ queryKey: inboxKeys.lists() }, (lists) =>
    lists
      ? {
          ...lists,
          pages: lists.pages.map((page) => ({
            ...page,
            data: page.data.map(change).filter((message): message is InboxMessage => message !== null),
          })),
        }
      : lists,
  );
}

/** The badge's count moved by `by` (never below 0). */
export function moveUnreadCount(queryClient: QueryClient, by: number): void {
  queryClient.setQueryData<number>(inboxKeys.unread(), (count) => (count === undefined ? count : Math.max(0, count + by)));
}

export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData<number>(inboxKeys.unread(), count);
}

/** A snapshot of every inbox entry, to put back when a change the cache showed at once is refused. */
export function snapshotInbox(queryClient: QueryClient): () => void {
  const entries = queryClient.getQueriesData({ queryKey: inboxKeys.all });
  return () => {
    for (const [queryKey, data] of entries) queryClient.setQueryData(queryKey, data);
  };
}
