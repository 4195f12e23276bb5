import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inboxMessageAnswerSchema, type InboxMessage } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from '../../../lib/inbox-keys.ts';
import { changeCachedMessages, moveUnreadCount } from './inbox-cache.ts';

export const inboxMessagePath = (messageId: string) => `/api/v2/inbox/${encodeURIComponent(messageId)}`;

/** POST /api/v2/inbox/{messageId}/read → the message, read; reading it again changes nothing. */
export function readMessage(messageId: string): Promise<InboxMessage> {
  return api.post(`${inboxMessagePath(messageId)}/read`, { schema: inboxMessageAnswerSchema }).then((answer) => answer.data);
}

/**
 * Opening a message: it shows as read and the badge goes down at once. The cache is settled in the
 * hook's own callbacks, which still run when opening the message left the page for its link.
 */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: InboxMessage) => readMessage(message.id),
    onMutate: async (message) => {
      if (message.readAt !== null) return;
      await queryClient.cancelQueries({ queryKey: inboxKeys.all });
      const readAt = new Date().toISOString();
      changeCachedMessages(queryClient, (cached) => (cached.id === message.id ? { ...cached, readAt } : cached));
      moveUnreadCount(queryClient, -1);
    },
    onSuccess: (read) => changeCachedMessages(queryClient, (cached) => (cached.id === read.id ? read : cached)),
    // After a refusal (a message deleted on another device) the lists are the server's to say again.
    onSettled: (_read, error) => queryClient.invalidateQueries({ queryKey: error ? inboxKeys.all : inboxKeys.unread() }),
  });
}
