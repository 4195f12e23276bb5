import type { Identifier } from '@kartu/contracts';

/** Query keys of the sign-in feature, so a mutation can invalidate a whole branch. */
export const authKeys = {
  all: ['auth'] as const,
  lockState: (identifier: Identifier | undefined) =>
    [...authKeys.all, 'lock-state', identifier?.identifierType, identifier?.countryCode, identifier?.identifierValue] as const,
  userIdInfo: (userId: string | undefined) => [...authKeys.all, 'user-id-info', userId] as const,
};
