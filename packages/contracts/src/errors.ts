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
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  PIN_INVALID: 400,
  LOGIN_PENDING: 401,
  SSO_INVALID: 401,
  NEW_DEVICE: 403,
  PIN_ALREADY_SET: 409,
  PHONE_TAKEN: 409,
  OTP_REQUESTS_LOCKED: 429,
  LOGIN_LOCKED: 429,
  PIN_LOCKED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_BALANCE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  CARD_NOT_FOUND: 404,
  ADD_CARD_LOCKED: 429,
  CARD_NOT_ACTIVE: 422,
  CARD_IN_WALLET: 409,
  CARD_TAKEN: 409,
  ACTIVATION_CODE_INVALID: 400,
  RECIPIENT_NOT_FOUND: 404,
  REWARD_ALREADY_CLAIMED: 409,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  API_KEY_INVALID: 401,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_SIGNATURE_INVALID: 401,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  PAYMENT_METHOD_UNAVAILABLE: 422,
  PAYMENT_PROOF_NOT_ACCEPTED: 409,
  PAYMENT_PROOF_NOT_FOUND: 404,
  SUBSCRIPTION_PLAN_NOT_FOUND: 404,
  SUBSCRIPTION_NOT_AVAILABLE: 409,
  SUBSCRIPTION_ALREADY_ACTIVE: 409,
  SUBSCRIPTION_NOT_RENEWABLE: 409,
  SUBSCRIPTION_NOT_ACTIVE: 409,
  SUBSCRIPTION_CARD_REQUIRED: 422,
  CATALOG_PRICE_RANGE: 400,
  PRODUCT_NOT_FOUND: 404,
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
  OTP_INVALID: 'Your verification code is not valid, please try again',
  OTP_EXPIRED: 'Your verification code has expired, please request a new one',
  PIN_INVALID: 'Your PIN is not valid, please try again',
  LOGIN_PENDING: 'Please finish signing in',
  SSO_INVALID: 'This sign-in link is invalid or has expired',
  NEW_DEVICE: 'This device needs a verification code first',
  PIN_ALREADY_SET: 'Your PIN is already set',
  PHONE_TAKEN: 'This phone number is already used by another account',
  OTP_REQUESTS_LOCKED: 'You have requested too many codes. Please wait 3 minutes and try again',
  LOGIN_LOCKED: 'Your account is locked for 1 hour because of too many failed attempts',
  PIN_LOCKED: 'Your PIN is locked for 60 minutes because of too many wrong attempts',
  INTERNAL: 'Something went wrong',
  SERVICE_UNAVAILABLE: 'The service is not available right now',
  INSUFFICIENT_BALANCE: 'Your balance is not enough for this transaction',
  IDEMPOTENCY_KEY_REUSED: 'This idempotency key was already used for a different request',
  CARD_NOT_FOUND: 'Card not found',
  ADD_CARD_LOCKED: 'Adding cards is locked for 24 hours after 3 wrong card numbers or activation codes',
  CARD_NOT_ACTIVE: 'This card is not active',
  CARD_IN_WALLET: 'Card is already in your wallet',
  CARD_TAKEN: 'Card is already associate with another user',
  ACTIVATION_CODE_INVALID: 'The activation code does not match this card',
  RECIPIENT_NOT_FOUND: 'No member with this phone number has this card program',
  REWARD_ALREADY_CLAIMED: 'This reward has already been claimed',
  IDEMPOTENCY_KEY_REQUIRED: 'An Idempotency-Key header is required',
  API_KEY_INVALID: 'The API key is missing or not valid',
  PAYMENT_NOT_FOUND: 'Payment not found',
  PAYMENT_SIGNATURE_INVALID: 'The payment message signature is not valid',
  PAYMENT_PROVIDER_UNAVAILABLE: 'The payment provider is not available right now, please try again later',
  PAYMENT_METHOD_UNAVAILABLE: 'This payment method is not available, please choose another',
  PAYMENT_PROOF_NOT_ACCEPTED: 'This payment does not take a proof of transfer now',
  PAYMENT_PROOF_NOT_FOUND: 'No proof of transfer has been uploaded for this payment',
  SUBSCRIPTION_PLAN_NOT_FOUND: 'Subscription plan not found',
  SUBSCRIPTION_NOT_AVAILABLE: 'This card has no subscription',
  SUBSCRIPTION_ALREADY_ACTIVE: 'Your subscription is already active',
  SUBSCRIPTION_NOT_RENEWABLE: 'This subscription cannot be renewed now',
  SUBSCRIPTION_NOT_ACTIVE: 'This subscription is not active',
  SUBSCRIPTION_CARD_REQUIRED: 'Add a card to renew automatically',
  CATALOG_PRICE_RANGE: 'Minimum price must not be greater than the maximum price',
  PRODUCT_NOT_FOUND: 'This product is no longer available',
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
  /** Wrong codes or PINs: how many tries are left before the lock. */
  attemptsRemaining: z.number().int().min(0).optional(),
  /** Locks (429): when the lock ends, and the server's time to count down from. */
  lockedUntil: z.string().datetime().optional(),
  currentTime: z.string().datetime().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
