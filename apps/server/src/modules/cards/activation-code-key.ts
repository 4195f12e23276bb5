import { createHmac } from 'node:crypto';

// Outside production only (env.ts requires CODE_SECRET there): a fixed key keeps the seeded demo
// cards' activation codes working across restarts of a development server.
const developmentKey = 'kartu-development-activation-code-key';

/**
 * The key activation codes are stored under: derived from CODE_SECRET for this one purpose, so a
 * leak of one derived key tells nothing about the one-time-code key.
 */
export function activationCodeKeyFor(codeSecret: string | undefined): string {
  if (!codeSecret) return developmentKey;
  return createHmac('sha256', codeSecret).update('card activation codes').digest('base64url');
}
