import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registerCardAnswerSchema } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

export interface RegisterCardBody {
  number: string;
  activationCode?: string;
}

/** POST /api/v2/cards/register → 201 with the id of the card now in the member's wallet. */
export function registerCard(body: RegisterCardBody): Promise<{ cardId: string }> {
  return api.post('/api/v2/cards/register', { body, schema: registerCardAnswerSchema });
}

export function useRegisterCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.lists() }),
  });
}
