import { defaultErrorMessage, errorStatus, type ErrorCode, type FieldIssue } from '@kartu/contracts';

export interface AppErrorOptions {
  message?: string;
  details?: FieldIssue[];
  cause?: unknown;
}

/** The one error services throw: a contract code, turned into an HTTP answer by the error handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: FieldIssue[] | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? defaultErrorMessage[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.details = options.details;
  }
}
