import type { Language } from '@kartu/contracts';
import { PIN_LOCK_AT_ATTEMPT } from '@kartu/core';
import type { Database } from '../../db/database.ts';
import { queueMemberMessage } from '../outbox/outbox.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotBeingDeleted } from './users.service.ts';
import type { AuthContext, MerchantRef } from './auth.context.ts';
import { PIN_LOCK_MS } from './auth.constants.ts';
import type { NormalisedIdentifier } from './identifier.ts';
import { clearAttempts, guardedAttempt } from '../attempts/attempt-lock.service.ts';
import { hashPin, verifyPinHash } from './pin-hash.ts';
import { activateSession, openSession, type OpenedSession } from './session.service.ts';
import { revokeOtherSessions } from './sessions.repository.ts';
import type { SessionRow } from './sessions.table.ts';
import { isTrustedDevice, trustDevice } from './trusted-devices.repository.ts';
import { findUserById, findUserByIdentifier, setFirstPin, updateUserPin } from './users.repository.ts';
import type { UserRow } from './users.table.ts';

function pinKey(merchantId: number, userId: string) {
  return { merchantId, scope: 'pin' as const, subject: userId };
}

/**
 * Checks the PIN while holding the user's PIN attempt row: the third wrong PIN locks it for 60
 * minutes, and while locked no PIN is checked. A user without a PIN counts as a wrong PIN.
 * spec: app-core §4 PIN login, business-rules §4 (60-minute PIN lock)
 */
export async function checkPin({ context, user, pin }: { context: AuthContext; user: UserRow; pin: string }): Promise<void> {
  await guardedAttempt({
    db: context.db,
    key: pinKey(user.merchantId, user.id),
    now: context.clock.now(),
    lockAt: PIN_LOCK_AT_ATTEMPT,
    lockMs: PIN_LOCK_MS,
    lockedCode: 'PIN_LOCKED',
    wrong: (attemptsRemaining) => new AppError('PIN_INVALID', { attemptsRemaining }),
    check: async (tx) => {
      // Read inside the lock, so a PIN changed a moment ago is the one checked.
      const current = await findUserById(tx, user.merchantId, user.id);
      const matches = current?.pinHash ? await verifyPinHash(pin, current.pinHash) : false;
      return matches ? { kind: 'pass', value: undefined } : { kind: 'wrong' };
    },
  });
}

/**
 * PIN sign-in. A browser that never passed a code for this member must bring the pending session
 * of the code it just passed; otherwise NEW_DEVICE, the same answer whether or not the identifier
 * is registered, so a PIN can only be guessed from a device the member already uses.
 */
export async function signInWithPin({
  context,
  merchant,
  identifier,
  pin,
  deviceHash,
  currentSession,
}: {
  context: AuthContext;
  merchant: MerchantRef;
  identifier: NormalisedIdentifier;
  pin: string;
  deviceHash: string | null;
  currentSession: SessionRow | null;
}): Promise<{ user: UserRow; opened: OpenedSession }> {
  const { db, clock } = context;
  const user = await findUserByIdentifier(db, merchant.id, identifier);
  const pending =
    user && currentSession?.status === 'pending' && currentSession.pendingReason === 'enter-pin' && currentSession.userId === user.id
      ? currentSession
      : null;
  if (!user || (!pending && !(await isTrustedDevice(db, user.id, deviceHash)))) throw new AppError('NEW_DEVICE');

  await checkPin({ context, user, pin });
  // After the PIN check, so a caller without the PIN learns nothing about the account.
  assertNotBeingDeleted(user);
  const now = clock.now();
  await trustDevice(db, user.id, deviceHash, now);
  const opened = pending
    ? await activateSession({ db, session: pending, loginType: 'pin', now })
    : await openSession({ db, user, loginType: 'pin', pendingReason: null, deviceHash, now });
  return { user, opened };
}

/** A PIN the member chooses in one of their sessions; the device it comes from becomes trusted. */
export interface NewPin {
  context: AuthContext;
  user: UserRow;
  session: SessionRow;
  pin: string;
  deviceHash: string | null;
}

/**
 * Sets the first PIN: from the pending 'create-pin' session of a new member (which it activates)
 * or from an active session of a member without one. 409 when a PIN exists.
 */
export async function createPin({
  context,
  user,
  session,
  pin,
  deviceHash,
}: NewPin): Promise<OpenedSession | null> {
  const { db, clock } = context;
  if (session.status === 'pending' && session.pendingReason !== 'create-pin') throw new AppError('PIN_ALREADY_SET');
  const now = clock.now();
  if (!(await setFirstPin(db, user.id, await hashPin(pin), now))) throw new AppError('PIN_ALREADY_SET');
  await trustDevice(db, user.id, deviceHash, now);
  return session.status === 'pending' ? activateSession({ db, session, loginType: 'otp', now }) : null;
}

/** What a PIN change tells the member, through the outbox, so a change they did not make stands out. */
export interface PinChangeNotice {
  merchant: MerchantRef;
  /** Of the request: the member's own language is used when known. */
  language: Language;
}

function noticePinChanged(db: Database, user: UserRow, { merchant, language }: PinChangeNotice, now: Date) {
  return queueMemberMessage({ db, merchantId: merchant.id, member: user, template: 'pin-changed', data: { brand: merchant.brand }, fallbackLanguage: language, now });
}

/** spec: app-core §4 Change PIN — a wrong old PIN counts toward the PIN lock. */
export async function changePin({
  context,
  user,
  session,
  pin,
  newPin,
  notice,
}: {
  context: AuthContext;
  user: UserRow;
  session: SessionRow;
  pin: string;
  newPin: string;
  notice: PinChangeNotice;
}): Promise<void> {
  if (pin === newPin) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ field: 'body.newPin', rule: 'not_equal', message: 'The new PIN must differ from the current PIN' }],
    });
  }
  await checkPin({ context, user, pin });
  const now = context.clock.now();
  const pinHash = await hashPin(newPin);
  await context.db.transaction(async (tx) => {
    await updateUserPin(tx, user.id, pinHash, now);
    // Whoever knew the old PIN may hold a session elsewhere: it ends with the old PIN.
    await revokeOtherSessions(tx, user.id, session.id, now);
    await noticePinChanged(tx, user, notice, now);
  });
}

/**
 * After a reset code: a new PIN, the PIN lock cleared, this device trusted, the session active, and
 * every other session of the member ended, as a change of PIN ends them.
 */
export async function resetPin({
  context,
  user,
  session,
  pin,
  deviceHash,
  notice,
}: NewPin & { notice: PinChangeNotice }): Promise<OpenedSession> {
  if (session.status !== 'pending' || session.pendingReason !== 'reset-pin') throw new AppError('FORBIDDEN');
  const { db, clock } = context;
  const now = clock.now();
  const pinHash = await hashPin(pin);
  return db.transaction(async (tx) => {
    await updateUserPin(tx, user.id, pinHash, now);
    await clearAttempts(tx, pinKey(user.merchantId, user.id));
    await trustDevice(tx, user.id, deviceHash, now);
    await noticePinChanged(tx, user, notice, now);
    // A member resets a PIN they forgot, or one someone else learned: whoever signed in with it is out.
    await revokeOtherSessions(tx, user.id, session.id, now);
    return activateSession({ db: tx, session, loginType: 'otp', now });
  });
}
