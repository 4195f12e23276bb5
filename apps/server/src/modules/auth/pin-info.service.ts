import type { PinInfoAnswer } from '@kartu/contracts';
import type { AuthContext, MerchantRef } from './auth.context.ts';
import type { NormalisedIdentifier } from './identifier.ts';
import type { SessionRow } from './sessions.table.ts';
import { isTrustedDevice } from './trusted-devices.repository.ts';
import { findUserByIdentifier } from './users.repository.ts';

/** What anyone is told about an identifier before it proves anything: the answer for a new account. */
const untold: PinInfoAnswer = { needSetPin: true, needSetPhone: false, isNewDevice: true };

/**
 * What the sign-in screen must ask next, told only as far as the flow needs it. Before a code is
 * passed, a browser that never signed in as this member learns nothing: every identifier answers
 * like a new account on a new device (a code comes first either way), so "registered" and "has a
 * PIN" are not told apart from "unknown". A trusted browser of the member's is told whether the PIN
 * pad can open at once; a browser holding the member's session (pending after a code, or active)
 * is told whether a PIN must be created. needSetPhone is told only to the signed-in member.
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
  if (!user) return untold;
  const ownSession = session?.userId === user.id;
  const isNewDevice = !(await isTrustedDevice(context.db, user.id, deviceHash));
  if (isNewDevice && !ownSession) return untold;
  return {
    needSetPin: user.pinHash === null,
    needSetPhone: ownSession && user.email !== null && user.phone === null,
    isNewDevice,
  };
}
