/**
 * Accepts only a path inside this app, so a crafted link cannot send the user to another site
 * (`//evil.example` and `/\evil.example` are read by browsers as other hosts).
 */
export function toReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
