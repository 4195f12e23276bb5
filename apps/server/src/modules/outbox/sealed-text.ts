import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/*
 * A message whose text holds a secret (a one-time code) is stored masked; while a real driver may
 * still have to deliver it again, the full text waits encrypted (AES-256-GCM) under a key derived
 * from CODE_SECRET for this one purpose, so the database alone never shows the code.
 */

export type SealKey = Buffer;

export function sealKeyFor(codeSecret: string): SealKey {
  return createHmac('sha256', codeSecret).update('outbox sealed texts').digest();
}

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
