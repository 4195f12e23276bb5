/*
 * A link opened before signing in, kept for this tab while the visitor signs in, then opened instead
 * of the wallet: a gift's page, or the scanner with a code (a till's QR code opened by the phone's own
 * camera app). Only such paths are kept or returned, so a crafted link cannot send anyone elsewhere.
 */
const storageKey = 'kartu.sign-in-link';
const giftPath = /^\/gifts\/[\w-]{1,128}$/;
const scanPath = /^\/qrcode-scanner\?code=[\w.~%+-]{1,2400}$/;

function isKept(path: string): boolean {
  return giftPath.test(path) || scanPath.test(path);
}

export function rememberSignInLink(path: string): void {
  if (isKept(path)) sessionStorage.setItem(storageKey, path);
}

/** The link waiting for this sign-in, forgotten once read. */
export function takeSignInLink(): string | null {
  const path = sessionStorage.getItem(storageKey);
  sessionStorage.removeItem(storageKey);
  return path && isKept(path) ? path : null;
}
