import { useMutation } from '@tanstack/react-query';
import { checkCardPinAnswerSchema } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

export interface CheckCardPinBody {
  number: string;
  activationCode: string;
}

/** POST /api/v2/cards/check-pin → valid, or 400 ACTIVATION_CODE_INVALID with the attempts left. */
export function checkCardPin(body: CheckCardPinBody): Promise<{ valid: true }> {
  return api.post('/api/v2/cards/check-pin', { body, schema: checkCardPinAnswerSchema });
}

export function useCheckCardPin() {
  return useMutation({ mutationFn: checkCardPin });
}
