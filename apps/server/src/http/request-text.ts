import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

// PostgreSQL's text cannot hold NUL, and half a UTF-16 surrogate pair has no UTF-8 form (it would be
// stored as U+FFFD, not as sent). Such text is refused at the door rather than failing in a query.
const halfSurrogate = /\p{Cs}/u;
const isUnstorable = (text: string) => text.includes('\u0000') || halfSurrogate.test(text);

/** The first field (`body.answers.city`, `query.to`) whose text or name cannot be stored as sent. */
export function unstorableField(value: unknown, field: string): string | undefined {
  // A walk with its own stack: a body may nest ten thousand arrays deep.
  const pending: [unknown, string][] = [[value, field]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string' && isUnstorable(item)) return path;
    if (item === null || typeof item !== 'object') continue;
    for (const [key, inner] of Object.entries(item)) {
      if (isUnstorable(key)) return `${path}.${[...key].map((character) => (isUnstorable(character) ? '?' : character)).join('')}`;
      pending.push([inner, `${path}.${key}`]);
    }
  }
  return undefined;
}

/** A request's parameters and body are checked before the route that reads them sees them. */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (!schema) return;
    const field =
      (schema.params ? unstorableField(request.params, 'params') : undefined) ??
      (schema.querystring ? unstorableField(request.query, 'query') : undefined) ??
      (schema.body ? unstorableField(request.body, 'body') : undefined);
    if (field) {
      const message = 'Contains characters that cannot be stored';
      throw new AppError('VALIDATION_FAILED', { details: [{ field, rule: 'invalid_characters', message }] });
    }
  });
}
