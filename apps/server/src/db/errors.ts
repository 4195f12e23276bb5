/**
 * Whether a database error broke a unique key: the driver's error or one it wraps (drizzle wraps
 * driver errors as `cause`). With `constraint`, only that key counts, unless the driver did not
 * name the key.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: broken } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || broken === undefined || broken === constraint;
  }
  return false;
}
