import { defaultErrorMessage, errorStatus, type ErrorCode, type FieldIssue } from '@kartu/contracts';

export interface AppErrorOptions {
  message?: string;
  details?: FieldIssue[];
  cause?: unknown;
  /** Wrong codes or PINs: the tries left before the lock. */
  attemptsRemaining?: number;
  /** Locks: when the lock ends, answered with the server's current time so clients can count down. */
  lockedUntil?: Date;
  currentTime?: Date;
}

/** The one error services throw: a contract code, turned into an HTTP answer by the error handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: FieldIssue[] | undefined;
  readonly attemptsRemaining: number | undefined;
  readonly lockedUntil: Date | undefined;
  readonly currentTime: Date | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? defaultErrorMessage[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.details = options.details;
    this.attemptsRemaining = options.attemptsRemaining;
    this.lockedUntil = options.lockedUntil;
    this.currentTime = options.currentTime;
  }
}

/** A request refused for one field's value: 400 VALIDATION_FAILED naming the field, with the message. */
export function fieldRefusal(field: string, message: string, rule = 'invalid'): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ field, rule, message }] });
}

