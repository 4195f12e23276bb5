import type { LoginType, SessionUser } from '@kartu/contracts';
import type { Database } from '../../db/client.ts';
import { generateSessionToken, sha256 } from './auth.crypto.ts';
import { PENDING_SESSION_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from './auth.constants.ts';
import { findSessionWithUser, insertSession, revokePendingSessions, updateSession } from './sessions.repository.ts';
import type { PendingReason, SessionRow } from './sessions.table.ts';
import type { UserRow } from './users.table.ts';

export interface OpenedSession {
  token: string;
  session: SessionRow;
}

/** What the API shows of a user; the row's other columns stay on the server. */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    maskedId: user.maskedId,
    merchantId: user.merchantId,
    email: user.email,
    phone: user.phone,
    name: user.name,
    country: user.country,
  };
}

/** The device header is hashed like tokens: the raw value never reaches the database. */
export function hashDeviceId(deviceId: string | undefined): string | null {
  return deviceId ? sha256(deviceId) : null;
}

/** Seconds until the session ends if unused: idle expiry, capped by the absolute end. */
export function sessionExpiresInSeconds(session: SessionRow, now: Date): number {
  const idleEnd = session.status === 'active' ? session.lastSeenAt.getTime() + SESSION_IDLE_MS : session.expiresAt.getTime();
  const end = Math.min(idleEnd, session.expiresAt.getTime());
  return Math.max(1, Math.floor((end - now.getTime()) / 1000));
}

/**
 * Opens a session with a new token. Pending sessions (a code passed, the PIN still to come) live
 * 10 minutes; active ones 30 days at most. Earlier unfinished sign-ins of the user are revoked.
 */
export async function openSession({
  db,
  user,
  loginType,
  pendingReason,
  deviceHash,
  now,
}: {
  db: Database;
  user: UserRow;
  loginType: LoginType;
  /** Null opens an active session. */
  pendingReason: PendingReason | null;
  deviceHash: string | null;
  now: Date;
}): Promise<OpenedSession> {
  await revokePendingSessions(db, user.id, now);
  const token = generateSessionToken();
  const lifetime = pendingReason ? PENDING_SESSION_MS : SESSION_ABSOLUTE_MS;
  const session = await insertSession(db, {
    tokenHash: sha256(token),
    userId: user.id,
    merchantId: user.merchantId,
    loginType,
    status: pendingReason ? 'pending' : 'active',
    pendingReason,
    deviceHash,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
  });
  return { token, session };
}

/**
 * Completes a pending session. The token changes, so a token seen before the PIN was entered is
 * worth nothing afterwards.
 */
export async function activateSession({
  db,
  session,
  loginType,
  now,
}: {
  db: Database;
  session: SessionRow;
  loginType: LoginType;
  now: Date;
}): Promise<OpenedSession> {
  const token = generateSessionToken();
  const activated: SessionRow = {
    ...session,
    tokenHash: sha256(token),
    loginType,
    status: 'active',
    pendingReason: null,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  };
  await updateSession(db, session.id, {
    tokenHash: activated.tokenHash,
    loginType,
    status: 'active',
    pendingReason: null,
    lastSeenAt: now,
    expiresAt: activated.expiresAt,
  });
  return { token, session: activated };
}

function isExpired(session: SessionRow, now: Date): boolean {
  if (session.revokedAt || session.expiresAt <= now) return true;
  return session.status === 'active' && now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS;
}

/** The live session of a token at this merchant, or undefined; touches last_seen_at at most once a minute. */
export async function findLiveSession({
  db,
  token,
  merchantId,
  now,
}: {
  db: Database;
  token: string;
  merchantId: number;
  now: Date;
}): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const found = await findSessionWithUser(db, sha256(token));
  if (!found || found.session.merchantId !== merchantId || isExpired(found.session, now)) return undefined;
  if (now.getTime() - found.session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await updateSession(db, found.session.id, { lastSeenAt: now });
    found.session.lastSeenAt = now;
  }
  return found;
}

export async function revokeSession({ db, session, now }: { db: Database; session: SessionRow; now: Date }): Promise<void> {
  await updateSession(db, session.id, { revokedAt: now });
}
