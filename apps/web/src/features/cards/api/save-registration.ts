import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

export interface SaveRegistrationInput {
  cardId: string;
  answers: Record<string, string>;
}

/** PUT /api/v2/cards/{id}/registration → 204, or 400 VALIDATION_FAILED with one issue per field. */
export function saveRegistration({ cardId, answers }: SaveRegistrationInput): Promise<void> {
  return api.put<void>(`/api/v2/cards/${encodeURIComponent(cardId)}/registration`, { body: { answers } });
}

export function useSaveRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegistration,
    onSuccess: (_answer, { cardId }) => queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId), exact: true }),
  });
}
