import { errorStatus, type ErrorCode, type FieldIssue } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';

export interface IdempotentAnswer<T> {
  statusCode: number;
  /** Plain JSON: what was stored, so the first answer and every replay are identical. */
  body: T;
  replayed: boolean;
}

// A claim still in flight after this long belongs to a process that died mid-request.
export const staleClaimMs = 5 * 60 * 1000;

interface StoredError {
  code: ErrorCode;
  message: string;
  details?: FieldIssue[];
}

function isStoredError(value: unknown): value is StoredError {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && code in errorStatus && typeof message === 'string';
}

/** What is stored of a refusal: its code, message and field details. */
export function storedError(error: AppError): StoredError {
  return { code: error.code, message: error.message, ...(error.details && { details: error.details }) };
}

/** Business refusals are answers too; a 429 is not stored, since the lock behind it ends. */
export function isStoredRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429;
}

export function replay<T>(row: { responseStatus: number | null; responseBody: unknown }): IdempotentAnswer<T> {
  const statusCode = row.responseStatus ?? 200;
  if (statusCode >= 400 && isStoredError(row.responseBody)) {
    const { code, message, details } = row.responseBody;
    throw new AppError(code, { message, details });
  }
  return { statusCode, body: row.responseBody as T, replayed: true };
}

