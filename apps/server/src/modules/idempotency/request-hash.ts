import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: two bodies that mean the same serialise the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, current: unknown) => {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return current;
    const record = current as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  }) ?? 'null';
}

/** sha256 of the canonical JSON of a request body, hex. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
