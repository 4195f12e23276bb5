import { z } from 'zod';

/**
 * Every error the API can answer, with its HTTP status. One code per thing a client must react to;
 * the web app translates `errors.<CODE>` and falls back to the server's English message.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  MERCHANT_MISMATCH: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  SITE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** The English message each code answers with unless the thrower gives a more precise one. */
export const defaultErrorMessage: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Some fields are not valid',
  MERCHANT_MISMATCH: 'This request does not belong to this site',
  UNAUTHENTICATED: 'Please sign in again',
  FORBIDDEN: 'You are not allowed to do this',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'This page could not be found',
  SITE_NOT_FOUND: 'Page not found',
  CONFLICT: 'This request is already being processed',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
  UNPROCESSABLE: 'This request cannot be processed',
  RATE_LIMITED: 'Too many requests, please try again later',
  INTERNAL: 'Something went wrong',
  SERVICE_UNAVAILABLE: 'The service is not available right now',
};

export const fieldIssueSchema = z.object({
  /** Dotted path of the field, e.g. `body.identifierValue`. */
  field: z.string(),
  /** The rule that failed, e.g. `too_small`, `invalid_format`. */
  rule: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** The body of every error answer. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(fieldIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
