import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

/** spec: business-rules §4: cards can be hidden, unhidden, archived or unarchived. */
export type CardAction = 'hide' | 'unhide' | 'archive' | 'unarchive';

/** POST /api/v2/cards/{id}/{action} → 204: moves the card between the active, hidden and archived views. */
export function applyCardAction({ cardId, action }: { cardId: string; action: CardAction }): Promise<void> {
  return api.post<void>(`/api/v2/cards/${encodeURIComponent(cardId)}/${action}`);
}

export function useCardAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCardAction,
    // The card leaves one view for another, so every view is refetched; its page knows its flags anew.
    onSuccess: (_answer, { cardId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cardKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId), exact: true }),
      ]),
  });
}
