import { DAY_MS, HOUR_MS, LOGIN_LOCK_HOURS, MINUTE_MS, OTP_LOCK_MINUTES, PIN_LOCK_MINUTES } from '@kartu/core';

// The sign-in numbers the spec leaves to us, in one place; the spec's own numbers come from @kartu/core.

/** A one-time code is valid this long (answered as expireIn). */
export const OTP_EXPIRES_SECONDS = 120;
/** The spec's three code requests count within this window, starting at the first request. */
export const OTP_REQUEST_WINDOW_MS = 15 * MINUTE_MS;
export const OTP_REQUEST_LOCK_MS = OTP_LOCK_MINUTES * MINUTE_MS;
/** spec: business-rules §4 failed logins lock (1 h reading); locks on the third wrong code. */
export const LOGIN_LOCK_AT_ATTEMPT = 3;
export const LOGIN_LOCK_MS = LOGIN_LOCK_HOURS * HOUR_MS;
export const PIN_LOCK_MS = PIN_LOCK_MINUTES * MINUTE_MS;

export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** Between a code and the PIN: long enough to type a PIN, short enough to be useless if stolen. */
export const PENDING_SESSION_MS = 10 * MINUTE_MS;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;

export const SESSION_COOKIE = 'kartu_session';
