import { useMutation } from '@tanstack/react-query';
import { checkCredentialAnswerSchema, type CheckCredentialAnswer, type CheckCredentialBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cachedCredentialAnswer, rememberCredentialAnswer, updateSignInFlow } from '../sign-in-flow.ts';

export type CheckCredentialInput = {
  body: CheckCredentialBody;
  /** A resend always asks the server, even while the last code is still valid. */
  force?: boolean;
};

/** Sends a one-time code; answers how long it lives and how many more may be requested. */
export async function checkCredential({ body, force = false }: CheckCredentialInput): Promise<CheckCredentialAnswer> {
  // spec: app-core §4 OTP flow: an identical, unexpired request reuses the cached answer.
  const cached = force ? null : cachedCredentialAnswer(body);
  if (cached) {
    updateSignInFlow({ sentCode: { requestRemaining: cached.requestRemaining, expiredAt: cached.expiredAt } });
    return { expireIn: cached.expireIn, requestRemaining: cached.requestRemaining };
  }
  const answer = await api.post('/api/auth/check-credential', { body, schema: checkCredentialAnswerSchema });
  rememberCredentialAnswer(body, answer);
  return answer;
}

export function useCheckCredential() {
  return useMutation({ mutationFn: checkCredential });
}
