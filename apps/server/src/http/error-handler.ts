import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultErrorMessage, errorStatus, type ErrorBody, type ErrorCode, type FieldIssue } from '@kartu/contracts';
import { AppError } from '../lib/app-error.ts';
import { isApiPath, isMediaPath, pathOf } from './api-paths.ts';

interface SchemaValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/** `params` + `/id` → `params.id`: the field names the web app can match to its form fields. */
function toFieldIssues(context: string | undefined, issues: SchemaValidationIssue[]): FieldIssue[] {
  return issues.map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    return {
      field: [context ?? 'body', ...path].join('.'),
      rule: issue.keyword,
      message: issue.message ?? 'Invalid value',
    };
  });
}

const clientErrorMessages: Record<string, { message: string; rule: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'The request body is not valid JSON', rule: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The request body is empty', rule: 'required' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large', rule: 'too_big' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'This content type is not accepted', rule: 'invalid_type' },
};

/** The contract code for a status, for framework errors that carry only a status. */
function codeForStatus(statusCode: number): ErrorCode {
  const match = (Object.keys(errorStatus) as ErrorCode[]).find((code) => errorStatus[code] === statusCode);
  return match ?? (statusCode >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
}

/** Locks that come from scanning codes. */
const scanLocks: ReadonlySet<string> = new Set<ErrorCode>(['QR_LOCKED', 'CODE_LOCKED']);

/** Turns anything thrown into the one error body; never exposes internals of unexpected errors. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.details && { details: error.details }),
      ...(error.attemptsRemaining !== undefined && { attemptsRemaining: error.attemptsRemaining }),
      ...(error.lockedUntil && { lockedUntil: error.lockedUntil.toISOString() }),
      ...(error.currentTime && { currentTime: error.currentTime.toISOString() }),
      // spec: app-core §3 lock data: the app answers a scanning lock with the QR-lock page.
      ...(scanLocks.has(error.code) && { lockedByScan: true }),
    };
  }
  if (isFastifyError(error) && error.validation) {
    return {
      statusCode: errorStatus.VALIDATION_FAILED,
      code: 'VALIDATION_FAILED',
      message: defaultErrorMessage.VALIDATION_FAILED,
      details: toFieldIssues(error.validationContext, error.validation),
    };
  }
  const statusCode = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
  if (isFastifyError(error) && statusCode >= 400 && statusCode < 500) {
    const known = clientErrorMessages[error.code];
    const code = codeForStatus(statusCode);
    const body: ErrorBody = { statusCode, code, message: known?.message ?? defaultErrorMessage[code] };
    if (known) body.details = [{ field: 'body', rule: known.rule, message: known.message }];
    return body;
  }
  return { statusCode: errorStatus.INTERNAL, code: 'INTERNAL', message: defaultErrorMessage.INTERNAL };
}

/** Sends the web app's page, which shows the member the spec's error page in their language. */
export type PageSender = (reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

export interface ErrorHandling {
  /** Answers anything thrown; Fastify's own request errors (a malformed URL) are handed here too. */
  handle(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** Makes `handle` the app's error handler and not-found handler. */
  register(app: FastifyInstance): void;
  answerPagesWith(send: PageSender): void;
}

/** A browser asking for a page, not a script, a picture or a client of the API. */
function isPageRequest(request: FastifyRequest): boolean {
  const path = pathOf(request.url);
  if (isApiPath(path) || isMediaPath(path) || path.startsWith('/integration/')) return false;
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * The one error handler and not-found handler of the app: every error answer of the API is an
 * ErrorBody; a page request gets the app instead of JSON once `answerPagesWith` names how to send it.
 */
export function createErrorHandling(): ErrorHandling {
  let sendPage: PageSender | undefined;
  async function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) {
      // The pino child logger carries the request id, which support can match to the answer header.
      request.log.error({ err: error }, 'request failed');
    }
    if (sendPage && isPageRequest(request)) return sendPage(reply.status(body.statusCode));
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  }
  return {
    handle: handleError,
    register: (app) => {
      app.setErrorHandler(handleError);
      app.setNotFoundHandler(async (request, reply) => handleError(new AppError('ROUTE_NOT_FOUND'), request, reply));
    },
    answerPagesWith: (send) => {
      sendPage = send;
    },
  };
}
