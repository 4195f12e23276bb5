import { useMutation } from '@tanstack/react-query';
import { pinInfoAnswerSchema, type Identifier, type PinInfoAnswer } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/** Whether this identifier has a PIN, needs a phone, and whether this browser is new to it. */
export function getPinInfo(identifier: Identifier): Promise<PinInfoAnswer> {
  return api.post('/api/auth/get-pin-info', { body: identifier, schema: pinInfoAnswerSchema });
}

export function useGetPinInfo() {
  return useMutation({ mutationFn: getPinInfo });
}
