import { useMutation } from '@tanstack/react-query';
import { signInAnswerSchema, type SignInAnswer } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/sso {token} → a signed-in answer with loginType 'sso', or 401 SSO_INVALID. */
export function ssoSignIn(token: string): Promise<SignInAnswer> {
  return api.post('/api/auth/sso', { body: { token }, schema: signInAnswerSchema });
}

export function useSsoSignIn() {
  return useMutation({ mutationFn: ssoSignIn });
}
