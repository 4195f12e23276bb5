import type { LockState } from '@kartu/contracts';
import type { AttemptScope } from '../attempts/attempts.table.ts';
import type { AuthContext, MerchantRef } from './auth.context.ts';
import type { NormalisedIdentifier } from './identifier.ts';
import { activeLockUntil } from '../attempts/attempt-lock.service.ts';
import { loginLockKey } from './otp.service.ts';
import { findUserByIdentifier } from './users.repository.ts';

/**
 * The lock on an identifier as this device meets it: the device's failed-login lock and the
 * member's PIN lock (and, when asked, the code-request lock). Unknown identifiers answer the same
 * shape, unlocked.
 */
export async function getLockState({
  context,
  merchant,
  identifier,
  includeCodeRequests,
  deviceHash,
}: {
  context: AuthContext;
  merchant: MerchantRef;
  identifier: NormalisedIdentifier;
  includeCodeRequests: boolean;
  deviceHash: string | null;
}): Promise<LockState> {
  const { db, clock } = context;
  const now = clock.now();
  const keys: { scope: AttemptScope; subject: string }[] = [{ scope: 'otp-verify', subject: loginLockKey(merchant.id, identifier, deviceHash).subject }];
  if (includeCodeRequests) keys.push({ scope: 'otp-request', subject: identifier.value });
  const user = await findUserByIdentifier(db, merchant.id, identifier);
  if (user) keys.push({ scope: 'pin', subject: user.id });
  const lockedUntil = await activeLockUntil({ db, merchantId: merchant.id, keys, now });
  return { isLocked: lockedUntil !== null, lockedUntil: lockedUntil?.toISOString() ?? null, currentTime: now.toISOString() };
}
