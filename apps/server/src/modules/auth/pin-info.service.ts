import type { PinInfoAnswer } from '@kartu/contracts';
import type { AuthContext, MerchantRef } from './auth.context.ts';
import type { NormalisedIdentifier } from './identifier.ts';
import type { SessionRow } from './sessions.table.ts';
import { isTrustedDevice } from './trusted-devices.repository.ts';
import { findUserByIdentifier } from './users.repository.ts';

/**
 * What the sign-in screen must ask next. Enumeration trade-off: an unknown identifier answers like
 * a registered member without a PIN on a new device, so "no account" is never told apart from
 * "account without PIN". A member with a PIN does show as such (needSetPin false): the app needs it
 * to offer the PIN pad, and PIN guesses still need a trusted device or a fresh code, behind the
 * rate limit. needSetPhone is told only to the signed-in member it concerns.
 */
export async function getPinInfo({
  context,
  merchant,
  identifier,
  deviceHash,
  session,
}: {
  context: AuthContext;
  merchant: MerchantRef;
  identifier: NormalisedIdentifier;
  deviceHash: string | null;
  session: SessionRow | null;
}): Promise<PinInfoAnswer> {
  const user = await findUserByIdentifier(context.db, merchant.id, identifier);
  if (!user) return { needSetPin: true, needSetPhone: false, isNewDevice: true };
  const ownSession = session?.userId === user.id;
  return {
    needSetPin: user.pinHash === null,
    needSetPhone: ownSession && user.email !== null && user.phone === null,
    isNewDevice: !(await isTrustedDevice(context.db, user.id, deviceHash)),
  };
}
