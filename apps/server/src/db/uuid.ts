const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether text is a uuid a `uuid` column accepts (either case). Checked before a lookup, so that
 * malformed input finds nothing instead of failing the query.
 */
export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}
