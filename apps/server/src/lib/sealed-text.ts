import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * A secret kept so it can be read again (a message's one-time code while a driver may still have
 * to deliver it, a gift's link, a voucher's code, a merchant's webhook secret): encrypted with
 * AES-256-GCM under a key derived for its purpose (secret-keys.ts), so the database alone never
 * shows it.
 */

export type SealKey = Buffer;

/** `iv.tag.ciphertext`, each base64url. */
export function sealText(text: string, key: SealKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The text, or null when it was sealed under another key (the server's secret changed) or tampered with. */
export function openText(sealed: string, key: SealKey): string | null {
  const [iv = '', tag = '', body = ''] = sealed.split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
