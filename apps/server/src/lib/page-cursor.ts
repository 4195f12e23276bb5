import { isUuid } from '../db/uuid.ts';
import { AppError } from './app-error.ts';

/** Where a newest-first page continues: after the row of this time and id (the id breaks ties). */
export interface PageCursor {
  at: Date;
  id: string;
}

const invalid = 'This page cursor is not valid';
// Exactly what toISOString writes for years 0000–9999, so a cursor never reaches the database malformed.
const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The opaque text a client passes back as `cursor`. */
export function encodePageCursor({ at, id }: PageCursor): string {
  return Buffer.from(`${at.toISOString()}|${id}`, 'utf8').toString('base64url');
}

/** The cursor a client sent back; VALIDATION_FAILED when the server did not write it. */
export function decodePageCursor(cursor: string): PageCursor {
  const [iso = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso);
  if (rest.length > 0 || !isUuid(id) || !isoInstantPattern.test(iso) || Number.isNaN(at.getTime())) {
    throw new AppError('VALIDATION_FAILED', { message: invalid, details: [{ field: 'query.cursor', rule: 'invalid_format', message: invalid }] });
  }
  return { at, id };
}
