import { queryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { unreadInboxSchema } from '@kartu/contracts';
import { paths } from '../config/paths.ts';
import { countOrZero } from './count-or-zero.ts';
import { inboxKeys } from './inbox-keys.ts';

/*
 * The header's inbox icon and its unread badge, on the wallet and on a card's page; the inbox
 * feature sets the same count when the member reads or deletes a message.
 */

/** GET /api/v2/inbox/unreads-inbox; a failure counts 0. */
export function getUnreadInboxCount(signal?: AbortSignal): Promise<number> {
  return countOrZero('/api/v2/inbox/unreads-inbox', unreadInboxSchema, signal);
}

export function unreadInboxQueryOptions() {
  return queryOptions({ queryKey: inboxKeys.unread(), queryFn: ({ signal }) => getUnreadInboxCount(signal) });
}

export function useUnreadInboxCount(): number {
  return useQuery(unreadInboxQueryOptions()).data ?? 0;
}

/**
 * The Header's `inbox` prop: the unread count and the way to the inbox. The count is the whole
 * wallet's, so the icon opens the whole inbox (moved under /v2 on a v2 merchant by the route guard).
 */
export function useInboxButton(): { unread: number; onOpen: () => void } {
  const navigate = useNavigate();
  const unread = useUnreadInboxCount();
  return { unread, onOpen: () => void navigate(paths.notifications.href()) };
}
