import type { LoginType, SessionAnswer, SessionUser, SignInAnswer } from '@kartu/contracts';
import { signedInUser } from '../../test/session.test-support.ts';

/** Sign-in answers shaped by the contracts, for the sign-in pages' tests. */
export function signInAnswer(overrides: { isNewUser?: boolean; pinRequired?: boolean; loginType?: LoginType } = {}): SignInAnswer {
  return {
    user: signedInUser,
    isNewUser: overrides.isNewUser ?? false,
    loginType: overrides.loginType ?? 'otp',
    accessToken: 'token-abc',
    expiresIn: 3600,
    pinRequired: overrides.pinRequired ?? true,
  };
}

/** GET /api/auth/session, or verify-otp for a new phone: the member as the session now holds them. */
export function sessionAnswer(user: Partial<SessionUser> = {}): SessionAnswer {
  return { user: { ...signedInUser, ...user }, loginType: 'otp', pinRequired: false, needSetPhone: false };
}
