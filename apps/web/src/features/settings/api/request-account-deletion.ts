import { useMutation } from '@tanstack/react-query';
import { accountDeletionAnswerSchema, type AccountDeletionBody } from '@kartu/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type AccountDeletionAnswer = z.infer<typeof accountDeletionAnswerSchema>;

/** POST /api/v2/account/deletion {pin} → 202 {requestedAt}; a wrong PIN 400, a locked one 429, single sign-on sessions 403. */
export function requestAccountDeletion(body: AccountDeletionBody): Promise<AccountDeletionAnswer> {
  return api.post('/api/v2/account/deletion', { body, schema: accountDeletionAnswerSchema });
}

export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: requestAccountDeletion });
}
