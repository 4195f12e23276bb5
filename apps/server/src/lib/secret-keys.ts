import { createHmac } from 'node:crypto';

/*
 * Every key the server derives from CODE_SECRET, one per purpose: the HMAC-SHA256 of the secret
 * over the purpose's name, so a leak of one key tells nothing of the secret or of another purpose's
 * key. Outside production only (env.ts requires CODE_SECRET there), each purpose derives from a
 * fixed development secret, so the demo's hashed and sealed data keep working across restarts.
 */

const developmentSecrets = {
  'card activation codes': 'kartu-development-activation-code-key',
  'outlet and cashier codes': 'kartu-development-outlet-code-key',
  'outbox sealed texts': 'kartu-development-outbox-key',
  'voucher codes': 'kartu-development-voucher-code-key',
  'voucher gifts': 'kartu-development-gift-key',
  'merchant webhook secrets': 'kartu development webhook key, never used in production',
  'micro app keys': 'kartu development micro app key, never used in production',
  'unique codes': 'kartu development unique code key, never used in production',
  'earn codes': 'kartu development earn code key, never used in production',
} as const;

export type KeyPurpose = keyof typeof developmentSecrets;

export function derivedKey(codeSecret: string | undefined, purpose: KeyPurpose): Buffer {
  return createHmac('sha256', codeSecret ?? developmentSecrets[purpose]).update(purpose).digest();
}

/** A key of the purpose's own, derived again from `key` (a purpose keeps its hashes and its sealed texts apart). */
export function subKey(key: Buffer, use: string): Buffer {
  return createHmac('sha256', key).update(use).digest();
}

/**
 * A short code as it is stored and looked up, never the code: its HMAC under the purpose's key,
 * case and surrounding spaces aside, as printed codes are read aloud and typed.
 */
export function hashTypedCode(code: string, key: string): string {
  return createHmac('sha256', key).update(code.trim().toUpperCase()).digest('hex');
}
