import type { CheckCredentialAnswer, Language, OtpPurpose, SenderType } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { OutboxChannel } from '../outbox/outbox-messages.table.ts';
import { queueOneTimeCode } from '../outbox/outbox.service.ts';
import type { AuthContext, MerchantRef } from './auth.context.ts';
import { LOGIN_LOCK_AT_ATTEMPT, LOGIN_LOCK_MS, OTP_EXPIRES_SECONDS, OTP_REQUEST_LOCK_MS, OTP_REQUEST_WINDOW_MS } from './auth.constants.ts';
import { generateCode, hashCode, sameHash } from './auth.crypto.ts';
import type { NormalisedIdentifier } from './identifier.ts';
import { OTP_REQUESTS_START } from '@kartu/core';
import { assertNotLocked, countRequest, guardedAttempt } from '../attempts/attempt-lock.service.ts';
import { consumeCodeRow, findOpenCode, replaceOpenCode } from './one-time-codes.repository.ts';
import { findUserByIdentifier } from './users.repository.ts';

function channelFor(identifier: NormalisedIdentifier, senderType: SenderType | undefined): OutboxChannel {
  if (identifier.type === 'email') return 'email';
  return senderType === 'WHATSAPP' ? 'whatsapp' : 'sms';
}

/**
 * The failed-login lock covers asking for codes as well as entering them. It is kept per device: the
 * wrong codes of a device lock that device out of code sign-in, never the member on their own phone.
 */
export function loginLockKey(merchantId: number, identifier: NormalisedIdentifier, deviceHash: string | null) {
  return { merchantId, scope: 'otp-verify' as const, subject: deviceHash === null ? identifier.value : `${identifier.value} ${deviceHash}` };
}

/**
 * Sends a new 6-digit code, superseding older ones. The spec allows 3 requests, then locks
 * requests for 3 minutes. A reset code goes only to a registered identifier, but the answer is the
 * same either way, so it does not tell who is registered. spec: app-core §4 OTP flow
 */
export async function sendCode({
  context,
  merchant,
  identifier,
  purpose,
  senderType,
  language,
  deviceHash,
}: {
  context: AuthContext;
  merchant: MerchantRef;
  identifier: NormalisedIdentifier;
  purpose: OtpPurpose;
  senderType?: SenderType;
  language: Language;
  /** The device asking: only it can enter the code. */
  deviceHash: string | null;
}): Promise<CheckCredentialAnswer> {
  const { db, clock, codeSecret, outboxSealKey, drivers } = context;
  const now = clock.now();
  await assertNotLocked({ db, key: loginLockKey(merchant.id, identifier, deviceHash), now, code: 'LOGIN_LOCKED' });
  // spec: app-core §4 OTP flow, §9: 3 codes within the window, then a 3-minute lock.
  const requestKey = { merchantId: merchant.id, scope: 'otp-request' as const, subject: identifier.value };
  const requestRemaining = await countRequest({ db, key: requestKey, now, limit: OTP_REQUESTS_START, windowMs: OTP_REQUEST_WINDOW_MS, lockMs: OTP_REQUEST_LOCK_MS });

  const sendsCode = purpose !== 'reset-pin' || (await findUserByIdentifier(db, merchant.id, identifier)) !== undefined;
  if (sendsCode) {
    const code = generateCode();
    const owner = { merchantId: merchant.id, identifier: identifier.value, purpose };
    const codeHash = hashCode({ secret: codeSecret, code, identifier: identifier.value, purpose });
    await replaceOpenCode(db, owner, { codeHash, deviceHash, expiresAt: new Date(now.getTime() + OTP_EXPIRES_SECONDS * 1000), now });
    await queueOneTimeCode({
      db,
      drivers,
      sealKey: outboxSealKey,
      merchant,
      channel: channelFor(identifier, senderType),
      recipient: identifier.value,
      code,
      purpose,
      language,
      expiresInSeconds: OTP_EXPIRES_SECONDS,
      now,
    });
  }
  return { expireIn: OTP_EXPIRES_SECONDS, requestRemaining };
}

function wrongCode(attemptsRemaining: number): AppError {
  // spec: business-rules §8 — "You have {attempt} attempt left before you are locked out of your account"
  const attempts = `${attemptsRemaining} attempt${attemptsRemaining === 1 ? '' : 's'}`;
  return new AppError('OTP_INVALID', {
    message: `Your verification code is not valid. You have ${attempts} left before you are locked out of your account`,
    attemptsRemaining,
  });
}

/** A code entered where none was sent to this device: refused, and counted against nobody. */
const noCodeSent = () => new AppError('OTP_INVALID', { message: 'Your verification code is not valid' });

/**
 * Uses up the latest code sent to the identifier for this purpose, entered on the device that asked
 * for it. The third wrong code in a row locks that device out of code sign-in for LOGIN_LOCK_HOURS;
 * asking for a new code does not reset that count. A code entered where none was sent (no code
 * asked for, or asked for on another device) and an expired (but correct) code are refused without
 * counting: a stranger's guesses never lock the member out. spec: business-rules §4 failed logins
 */
export async function consumeCode({
  context,
  merchantId,
  identifier,
  purpose,
  code,
  deviceHash,
}: {
  context: AuthContext;
  merchantId: number;
  identifier: NormalisedIdentifier;
  purpose: OtpPurpose;
  code: string;
  deviceHash: string | null;
}): Promise<void> {
  const { db, clock, codeSecret } = context;
  const now = clock.now();
  const key = loginLockKey(merchantId, identifier, deviceHash);
  const sent = await findOpenCode(db, { merchantId, identifier: identifier.value, purpose });
  if (!sent || sent.deviceHash !== deviceHash) {
    // A device already locked still says so, whatever it enters.
    await assertNotLocked({ db, key, now, code: 'LOGIN_LOCKED' });
    throw noCodeSent();
  }
  await guardedAttempt({
    db,
    key,
    now,
    lockAt: LOGIN_LOCK_AT_ATTEMPT,
    lockMs: LOGIN_LOCK_MS,
    lockedCode: 'LOGIN_LOCKED',
    wrong: wrongCode,
    check: async (tx) => {
      const open = await findOpenCode(tx, { merchantId, identifier: identifier.value, purpose });
      // Superseded meanwhile by a code asked for on another device: not this device's to guess at.
      if (open && open.deviceHash !== deviceHash) return { kind: 'refuse', error: noCodeSent() };
      const entered = hashCode({ secret: codeSecret, code, identifier: identifier.value, purpose });
      if (!open || !sameHash(open.codeHash, entered)) return { kind: 'wrong' };
      if (open.expiresAt <= now) return { kind: 'refuse', error: new AppError('OTP_EXPIRED') };
      if (!(await consumeCodeRow(tx, open.id, now))) return { kind: 'wrong' };
      return { kind: 'pass', value: undefined };
    },
  });
}
