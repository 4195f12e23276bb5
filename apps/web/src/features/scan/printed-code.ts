/** The longest printed code the server takes (uniqueCodeClaimBodySchema). */
export const PRINTED_CODE_MAX_LENGTH = 64;

/** A printed code as the member types it: capitals and digits only, spaces and dashes dropped, at most 64. */
export function normalisePrintedCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PRINTED_CODE_MAX_LENGTH);
}
