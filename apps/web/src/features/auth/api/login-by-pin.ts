import { useMutation } from '@tanstack/react-query';
import { signInAnswerSchema, type Identifier, type SignInAnswer } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

export type LoginByPinBody = Identifier & { pin: string };

export function loginByPin(body: LoginByPinBody): Promise<SignInAnswer> {
  return api.post('/api/auth/login-by-pin', { body, schema: signInAnswerSchema });
}

export function useLoginByPin() {
  return useMutation({ mutationFn: loginByPin });
}
