import { derivedKey, hashTypedCode } from '../../lib/secret-keys.ts';

/** The key outlet and cashier codes are hashed under (lib/secret-keys.ts). */
export function outletCodeKeyFor(codeSecret: string | undefined): string {
  return derivedKey(codeSecret, 'outlet and cashier codes').toString('base64url');
}

/** A code as it is stored and looked up: its keyed hash, never the code. */
export const hashOutletCode = hashTypedCode;
