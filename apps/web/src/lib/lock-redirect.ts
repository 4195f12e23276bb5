/** What a lock answer says about its end: an error body (ApiError) and the is-locked answer both carry it. */
export interface LockEnd {
  lockedUntil?: string | null;
  currentTime?: string | null;
}

/**
 * When a lock ends by this browser's clock: the server's lockedUntil minus its currentTime is the
 * time left, added to now, so a device clock that is off neither shortens nor stretches the wait.
 * Without the server's time, lockedUntil is taken as it is; without lockedUntil, the end is unknown.
 */
export function unlockAt({ lockedUntil, currentTime }: LockEnd, now = Date.now()): number | null {
  const until = lockedUntil ? Date.parse(lockedUntil) : Number.NaN;
  if (!Number.isFinite(until)) return null;
  const serverNow = currentTime ? Date.parse(currentTime) : Number.NaN;
  return Number.isFinite(serverNow) ? now + Math.max(0, until - serverNow) : until;
}

/** A lock page of config/paths.ts, such as `paths.deviceLocked`. */
export interface LockPage {
  href(query?: Record<string, string | undefined>): string;
}

/** '/device-locked?until=…' (or another lock page): the lock page counts down to `until` when it is known. */
export function lockPagePath(page: LockPage, until: number | null): string {
  return page.href({ until: until === null ? undefined : new Date(until).toISOString() });
}

/** spec: app-core §8: a lock answer sends the member to the lock page, with the unlock time when known. */
export function lockRedirectPath(page: LockPage, lock: LockEnd, now = Date.now()): string {
  return lockPagePath(page, unlockAt(lock, now));
}

/** A lock page's unlock time from its link (`until`, `lockedUntil`): an ISO date or epoch milliseconds. */
export function parseLinkTime(value: string | null): number | null {
  if (!value) return null;
  const timestamp = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(timestamp) ? timestamp : null;
}
