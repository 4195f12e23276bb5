import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Sets the new PIN after a verified reset code. */
export async function resetPin(pin: string): Promise<void> {
  await api.post('/api/pin/reset', { body: { pin } });
}

export function useResetPin() {
  return useMutation({ mutationFn: resetPin });
}
