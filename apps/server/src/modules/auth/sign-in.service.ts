import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, MerchantRef } from './auth.context.ts';
import { generateMaskedId } from './auth.crypto.ts';
import type { NormalisedIdentifier, NormalisedPhone } from './identifier.ts';
import { assertNotBeingDeleted } from './users.service.ts';
import { consumeCode } from './otp.service.ts';
import { openSession, type OpenedSession } from './session.service.ts';
import type { SessionRow } from './sessions.table.ts';
import { findUserByIdentifier, insertUserOnce, updateUserPhone } from './users.repository.ts';
import type { UserRow } from './users.table.ts';

/** A one-time code the member entered for an identifier, from a device (its hash; null when unknown). */
export interface EnteredCode {
  context: AuthContext;
  merchant: MerchantRef;
  identifier: NormalisedIdentifier;
  code: string;
  deviceHash: string | null;
}

export interface CodeSignIn {
  user: UserRow;
  isNewUser: boolean;
  opened: OpenedSession;
}

/**
 * A passed login code finds or creates the member and opens a PENDING session: it becomes active
 * only with the PIN (created now, or entered), so a code alone never signs anyone in.
 * spec: app-core §4 OTP flow and PIN login
 */
export async function signInWithCode({
  context,
  merchant,
  identifier,
  code,
  deviceHash,
}: EnteredCode): Promise<CodeSignIn> {
  await consumeCode({ context, merchantId: merchant.id, identifier, purpose: 'login', code, deviceHash });
  const now = context.clock.now();
  const { user, created } = await insertUserOnce(context.db, {
    merchantId: merchant.id,
    maskedId: generateMaskedId(),
    identifier,
    country: merchant.countryCode,
    now,
  });
  assertNotBeingDeleted(user);
  const opened = await openSession({
    db: context.db,
    user,
    loginType: 'otp',
    pendingReason: user.pinHash ? 'enter-pin' : 'create-pin',
    deviceHash,
    now,
  });
  return { user, isNewUser: created, opened };
}

/** A passed reset code opens a pending session that only allows setting a new PIN. */
export async function startPinReset({
  context,
  merchant,
  identifier,
  code,
  deviceHash,
}: EnteredCode): Promise<CodeSignIn> {
  await consumeCode({ context, merchantId: merchant.id, identifier, purpose: 'reset-pin', code, deviceHash });
  const user = await findUserByIdentifier(context.db, merchant.id, identifier);
  // Reset codes are sent to registered identifiers only, so a passed code has its user.
  if (!user) throw new AppError('OTP_INVALID');
  assertNotBeingDeleted(user);
  const opened = await openSession({ db: context.db, user, loginType: 'otp', pendingReason: 'reset-pin', deviceHash, now: context.clock.now() });
  return { user, isNewUser: false, opened };
}

/** An e-mail member adds a phone after proving it with a code (spec app-core §2 /register-phone-number). */
export async function registerPhone({
  context,
  user,
  session,
  identifier,
  code,
  deviceHash,
}: {
  context: AuthContext;
  user: UserRow;
  session: SessionRow | null;
  /** Only a phone can be added (identifier.ts phoneToRegister). */
  identifier: NormalisedPhone;
  code: string;
  deviceHash: string | null;
}): Promise<UserRow> {
  if (!session || session.status !== 'active') throw new AppError('UNAUTHENTICATED');
  await consumeCode({ context, merchantId: user.merchantId, identifier, purpose: 'register-phone', code, deviceHash });
  const now = context.clock.now();
  if (!(await updateUserPhone(context.db, user, identifier.value, now))) throw new AppError('PHONE_TAKEN');
  return { ...user, phone: identifier.value, updatedAt: now };
}
