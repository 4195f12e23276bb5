import { recordEvent } from '../analytics/analytics.service.ts';
import type { LoginType, SessionUser } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { generateSessionToken, sha256 } from './auth.crypto.ts';
import { PENDING_SESSION_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from './auth.constants.ts';
import { findSessionWithUser, insertSession, revokePendingSessions, updateSession } from './sessions.repository.ts';
import type { PendingReason, SessionRow } from './sessions.table.ts';
import type { UserRow } from './users.table.ts';
import { changeTags } from '../../lib/change-feed.ts';
import { TaggedCache } from '../../lib/tagged-cache.ts';

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

/** A member signed in (the session is active): the merchant's reports count `login` by sign-in type. */
async function recordLogin(db: Database, { merchantId, userId, loginType, now }: { merchantId: number; userId: string; loginType: LoginType; now: Date }): Promise<void> {
  await recordEvent(db, { merchantId, userId, cardId: null, name: 'login', properties: { loginType }, occurredAt: now });
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
  if (!pendingReason) await recordLogin(db, { merchantId: user.merchantId, userId: user.id, loginType, now });
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
  await recordLogin(db, { merchantId: session.merchantId, userId: session.userId, loginType, now });
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

export interface LiveSession {
  session: SessionRow;
  user: UserRow;
}

// How long a session read from the database is trusted without reading it again. Changes made in
// this process (sign-out, PIN change, profile edits) drop it at once; a session revoked by another
// instance stops working there within this time.
export const sessionCacheTtlMs = 10_000;

/** Sessions of recent requests by token hash, so a signed-in request costs no query. One per app. */
export function createSessionCache(): TaggedCache<LiveSession> {
  return new TaggedCache<LiveSession>({ maxEntries: 20_000 });
}

async function readSession(db: Database, tokenHash: string, now: Date, cache: TaggedCache<LiveSession> | undefined): Promise<LiveSession | undefined> {
  const cached = cache?.get(tokenHash, now.getTime());
  if (cached) return cached;
  const ticket = cache?.ticket() ?? 0;
  const read = await findSessionWithUser(db, tokenHash);
  // Frozen: the same rows serve every request of the session while cached.
  const found = read && { session: Object.freeze(read.session), user: Object.freeze(read.user) };
  if (found && cache) {
    const validUntil = Math.min(now.getTime() + sessionCacheTtlMs, found.session.expiresAt.getTime());
    cache.set(tokenHash, found, { tags: [changeTags.session(found.session.id), changeTags.user(found.user.id)], validUntil, ticket });
  }
  return found;
}

const isLiveAt = (found: LiveSession, merchantId: number, now: Date) => found.session.merchantId === merchantId && !isExpired(found.session, now);
const touchIsDue = (found: LiveSession, now: Date) => now.getTime() - found.session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;

/**
 * findLiveSession from the cache alone, without waiting: the session when the cache holds it live
 * and no touch is due; undefined when only findLiveSession can tell.
 */
export function findCachedLiveSession({ token, merchantId, now, cache }: { token: string; merchantId: number; now: Date; cache: TaggedCache<LiveSession> }): LiveSession | undefined {
  const found = cache.get(sha256(token), now.getTime());
  return found && isLiveAt(found, merchantId, now) && !touchIsDue(found, now) ? found : undefined;
}

/** The live session of a token at this merchant, or undefined; touches last_seen_at at most once a minute. */
export async function findLiveSession({
  db,
  token,
  merchantId,
  now,
  cache,
}: {
  db: Database;
  token: string;
  merchantId: number;
  now: Date;
  cache?: TaggedCache<LiveSession>;
}): Promise<LiveSession | undefined> {
  const found = await readSession(db, sha256(token), now, cache);
  if (!found || !isLiveAt(found, merchantId, now)) return undefined;
  if (!touchIsDue(found, now)) return found;
  await updateSession(db, found.session.id, { lastSeenAt: now });
  return { session: { ...found.session, lastSeenAt: now }, user: found.user };
}

export async function revokeSession({ db, session, now }: { db: Database; session: SessionRow; now: Date }): Promise<void> {
  await updateSession(db, session.id, { revokedAt: now });
}
