import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxMessage } from '@kartu/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { inboxKeys } from '../../../lib/inbox-keys.ts';
import { changeCachedMessages, moveUnreadCount, snapshotInbox } from './inbox-cache.ts';
import { inboxMessagePath } from './read-message.ts';

/** DELETE /api/v2/inbox/{messageId} → 204. A message already gone (404) is what the member asked for. */
export async function deleteMessage(messageId: string): Promise<void> {
  try {
    await api.delete<void>(inboxMessagePath(messageId));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INBOX_MESSAGE_NOT_FOUND') return;
    throw error;
  }
}

/** The message leaves the list (and the badge, when unread) at once; a refusal puts both back. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: InboxMessage) => deleteMessage(message.id),
    onMutate: async (message) => {
      await queryClient.cancelQueries({ queryKey: inboxKeys.all });
      const restore = snapshotInbox(queryClient);
      changeCachedMessages(queryClient, (cached) => (cached.id === message.id ? null : cached));
      if (message.readAt === null) moveUnreadCount(queryClient, -1);
      return { restore };
    },
    onError: (_error, _message, context) => context?.restore(),
    onSettled: (_answer, error) => queryClient.invalidateQueries({ queryKey: error ? inboxKeys.all : inboxKeys.unread() }),
  });
}
