import type { ErrorCode } from '@kartu/contracts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { OTP_LOCK_MINUTES } from '@kartu/core/constants';
import { ApiError } from '../../lib/api-client.ts';
import { lockRedirectPath, unlockAt, type LockPage } from '../../lib/lock-redirect.ts';

export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** '/lock?until=…' or '/device-locked?until=…' for a lock answer; the bare page for anything else. */
export function lockedPagePath(page: LockPage, error: unknown, now = Date.now()): string {
  return error instanceof ApiError ? lockRedirectPath(page, error, now) : page.href();
}

/** When codes may be requested again after OTP_REQUESTS_LOCKED (spec: business-rules §4: 3 minutes). */
export function codeRequestsUnlockAt(error: unknown, now = Date.now()): number {
  const until = error instanceof ApiError ? unlockAt(error, now) : null;
  return until ?? now + OTP_LOCK_MINUTES * MINUTE_MS;
}
