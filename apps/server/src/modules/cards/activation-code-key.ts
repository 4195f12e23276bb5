import { derivedKey } from '../../lib/secret-keys.ts';

/** The key activation codes are stored under (lib/secret-keys.ts). */
export function activationCodeKeyFor(codeSecret: string | undefined): string {
  return derivedKey(codeSecret, 'card activation codes').toString('base64url');
}
