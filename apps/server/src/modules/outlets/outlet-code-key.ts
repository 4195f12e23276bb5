import { createHmac } from 'node:crypto';

// Outside production only (env.ts requires CODE_SECRET there): a fixed key keeps the demo outlet's
// code working across restarts of a development server.
const developmentKey = 'kartu-development-outlet-code-key';

/** The key outlet and cashier codes are hashed under: derived from CODE_SECRET for this one purpose. */
export function outletCodeKeyFor(codeSecret: string | undefined): string {
  if (!codeSecret) return developmentKey;
  return createHmac('sha256', codeSecret).update('outlet and cashier codes').digest('base64url');
}

/** A code as it is stored and looked up: its keyed hash, never the code. */
export function hashOutletCode(code: string, key: string): string {
  return createHmac('sha256', key).update(code.trim().toUpperCase()).digest('hex');
}
