import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadInboxSchema } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from '../../../lib/inbox-keys.ts';
import { changeCachedMessages, setUnreadCount, snapshotInbox } from './inbox-cache.ts';

/** POST /api/v2/inbox/read-all → the unread count after it (0): every message of the member, whichever card. */
export function readAllMessages(): Promise<number> {
  return api.post('/api/v2/inbox/read-all', { schema: unreadInboxSchema }).then((answer) => answer.data.count);
}

/** Every message shows as read and the badge goes at once; a refusal puts both back. */
export function useReadAllMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllMessages,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: inboxKeys.all });
      const restore = snapshotInbox(queryClient);
      const readAt = new Date().toISOString();
      changeCachedMessages(queryClient, (message) => (message.readAt === null ? { ...message, readAt } : message));
      setUnreadCount(queryClient, 0);
      return { restore };
    },
    onSuccess: (count) => setUnreadCount(queryClient, count),
    onError: (_error, _variables, context) => context?.restore(),
  });
}
