import { z } from 'zod';

// Apart from headers.ts on purpose: the web app's first load reads request headers without zod.

/** The same key with the same body replays the first answer. */
export const idempotencyKeyHeader = 'idempotency-key';

/** As the IETF Idempotency-Key draft expects: room for any UUID or ULID. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, 'The Idempotency-Key header must be 1 to 255 visible characters');

/** Optional here, so a missing key answers IDEMPOTENCY_KEY_REQUIRED from the route and a malformed one VALIDATION_FAILED. */
export const idempotentWriteHeadersSchema = z.looseObject({
  [idempotencyKeyHeader]: idempotencyKeySchema.optional().describe('Required: a retry with the same key and body answers the first answer'),
});
