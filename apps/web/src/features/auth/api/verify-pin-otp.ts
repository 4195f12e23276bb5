import { useMutation } from '@tanstack/react-query';
import type { Identifier } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { updateSignInFlow } from '../sign-in-flow.ts';

export type VerifyPinOtpBody = Identifier & { otp: string };

export async function verifyPinOtp(body: VerifyPinOtpBody): Promise<void> {
  await api.post('/api/auth/verify-pin-otp', { body });
  // spec: app-core §4 Reset PIN: verifying the code clears the reset-process flag, and opens /new-pin.
  updateSignInFlow({ resetInProcess: false, pinResetVerified: true });
}

export function useVerifyPinOtp() {
  return useMutation({ mutationFn: verifyPinOtp });
}
