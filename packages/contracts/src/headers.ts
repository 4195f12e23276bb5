import { z } from 'zod';

/** Headers the web app adds to every API request (spec app-core §7). Lower case, as Node reads them. */
export const requestHeaders = {
  merchant: 'x-merchant-id',
  latitude: 'x-latitude',
  longitude: 'x-longitude',
  timezone: 'x-timezone',
  requestId: 'x-request-id',
  /** A random id the browser keeps, so a new device can be asked for a code before its PIN. */
  deviceId: 'x-device-id',
} as const;

/** The header of every write a client may retry: the same key with the same body replays the first answer. */
export const idempotencyKeyHeader = 'idempotency-key';

/** 1 to 255 visible ASCII characters, as the IETF Idempotency-Key draft expects: room for any UUID or ULID. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, 'The Idempotency-Key header must be 1 to 255 visible characters');

/**
 * The headers a retried write declares: the key is optional here, so that a missing one answers
 * IDEMPOTENCY_KEY_REQUIRED from the route and a malformed one VALIDATION_FAILED; other headers pass.
 */
export const idempotentWriteHeadersSchema = z.looseObject({
  [idempotencyKeyHeader]: idempotencyKeySchema.optional().describe('Required: a retry with the same key and body answers the first answer'),
});
