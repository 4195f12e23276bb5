import { getI18n } from './i18n.tsx';
import type { FieldIssue } from '@kartu/contracts';

/** Codes the client itself gives when there is no usable error body. */
export const clientErrorCodes = {
  network: 'NETWORK_UNREACHABLE',
  unreadable: 'UNREADABLE_ANSWER',
} as const;

/** Every failed call ends as one of these: status 0 means no answer reached us. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: FieldIssue[] | undefined;
  /** Wrong codes or PINs: tries left before the lock. */
  readonly attemptsRemaining: number | undefined;
  /** Locks: when the lock ends and the server's time then, to count down without trusting the device clock. */
  readonly lockedUntil: string | undefined;
  readonly currentTime: string | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    details?: FieldIssue[];
    attemptsRemaining?: number;
    lockedUntil?: string;
    currentTime?: string;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.attemptsRemaining = options.attemptsRemaining;
    this.lockedUntil = options.lockedUntil;
    this.currentTime = options.currentTime;
  }
}

/** Field messages of a 400 VALIDATION_FAILED answer, keyed by the body field ('identifierValue', 'answers.email'). */
export function fieldMessagesOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.details) return {};
  const messages: Record<string, string> = {};
  for (const issue of error.details) {
    const field = issue.field.replace(/^body\./, '');
    messages[field] ??= issue.message;
  }
  return messages;
}

const serverSideStatuses = new Set([500, 502, 504]);

/**
 * The user-facing message for a failed call, or null when nothing should be shown.
 * spec: app-core §8 error catalogue; server messages are translated by code (`errors.<CODE>`).
 */
export function describeApiError(error: unknown): string | null {
  const i18n = getI18n();
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (!(error instanceof ApiError)) return i18n.t('apiError.contactSupport');
  if (error.status === 401) return null;
  if (error.status === 0) return i18n.t('apiError.unreachable');
  if (serverSideStatuses.has(error.status)) return i18n.t('apiError.serverSide');
  if (error.code === clientErrorCodes.unreadable) return i18n.t('apiError.contactSupport');
  const key = `errors.${error.code}`;
  if (i18n.exists(key)) return i18n.t(key);
  return error.message || i18n.t('apiError.contactSupport');
}
