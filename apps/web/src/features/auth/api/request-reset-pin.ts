import { useMutation } from '@tanstack/react-query';
import { checkCredentialAnswerSchema, type CheckCredentialAnswer, type Identifier, type SenderType } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { rememberSentCode, updateSignInFlow } from '../sign-in-flow.ts';

export type RequestResetPinBody = Identifier & { senderType?: SenderType };

/** Sends the code that lets a member who forgot the PIN choose a new one. */
export async function requestResetPin(body: RequestResetPinBody): Promise<CheckCredentialAnswer> {
  const answer = await api.post('/api/auth/request-reset-pin', { body, schema: checkCredentialAnswerSchema });
  // spec: app-core §4 Reset PIN: requesting a reset sets the reset-process flag.
  updateSignInFlow({ resetInProcess: true, purpose: 'reset-pin' });
  rememberSentCode(answer);
  return answer;
}

export function useRequestResetPin() {
  return useMutation({ mutationFn: requestResetPin });
}
