import { useMutation } from '@tanstack/react-query';
import { signInAnswerSchema, type SignInAnswer, type VerifyOtpBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/** Checks a sign-in or register-phone code; a sign-in then still waits for the PIN (pinRequired). */
export function verifyOtp(body: VerifyOtpBody): Promise<SignInAnswer> {
  return api.post('/api/auth/verify-otp', { body, schema: signInAnswerSchema });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
