import { useMutation } from '@tanstack/react-query';
import { accountDeletionAnswerSchema } from '@kartu/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type AccountDeletionAnswer = z.infer<typeof accountDeletionAnswerSchema>;

/** POST /api/v2/account/deletion → 202 {requestedAt}; single sign-on sessions get 403. */
export function requestAccountDeletion(): Promise<AccountDeletionAnswer> {
  return api.post('/api/v2/account/deletion', { schema: accountDeletionAnswerSchema });
}

export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: requestAccountDeletion });
}
