import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { unlockAt } from '../../lib/lock-redirect.ts';

/** Too many unrecognised QR codes, or wrong printed codes: both locks show the QR-lock page. */
export function isScanLock(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'QR_LOCKED' || error.code === 'CODE_LOCKED');
}

/**
 * spec: app-core §2 Error pages: a 429 from scanning goes to the QR-lock page, which counts down
 * to `lockedUntil` (by this device's clock, corrected with the server's) and closes to `cardId`'s page.
 */
export function qrLockPath(lock: ApiError, cardId: string | undefined, now = Date.now()): string {
  const until = unlockAt(lock, now);
  return paths.qrLocked.href({ lockedUntil: until === null ? undefined : new Date(until).toISOString(), cardId });
}
