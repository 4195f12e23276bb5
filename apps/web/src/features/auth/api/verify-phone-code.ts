import { useMutation } from '@tanstack/react-query';
import { sessionAnswerSchema, type SessionAnswer, type VerifyOtpBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/** A signed-in member proves a new phone number: the answer is the session with the phone added. */
export function verifyPhoneCode(body: Omit<VerifyOtpBody, 'type'>): Promise<SessionAnswer> {
  return api.post('/api/auth/verify-otp', { body: { ...body, type: 'register-phone' }, schema: sessionAnswerSchema });
}

export function useVerifyPhoneCode() {
  return useMutation({ mutationFn: verifyPhoneCode });
}
