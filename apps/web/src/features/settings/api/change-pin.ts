import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePinBodySchema } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

export type ChangePinBody = z.infer<typeof changePinBodySchema>;

/** PATCH /api/pin/change → 204; 400 PIN_INVALID or 429 PIN_LOCKED when the current PIN is wrong. */
export function changePin(body: ChangePinBody): Promise<void> {
  return api.patch<void>('/api/pin/change', { body });
}

export function useChangePin() {
  return useMutation({ mutationFn: changePin });
}
