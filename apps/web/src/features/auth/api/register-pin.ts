import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Creates the first PIN of the account whose code was just verified (the pending session says whose). */
export async function registerPin(pin: string): Promise<void> {
  await api.post('/api/auth/register-pin', { body: { pin } });
}

export function useRegisterPin() {
  return useMutation({ mutationFn: registerPin });
}
