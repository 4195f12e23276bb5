import type { SessionUser } from '@kartu/contracts';

/** A member as the session answers name them; override only what the test is about. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return { id: 'u-100', maskedId: 'MK-100', merchantId: 42, email: null, phone: '081234567890', name: 'Sari', country: 'ID', ...overrides };
}

export const signedInUser = sessionUser();
