/*
 * A gift link opened before signing in: kept for this tab while the visitor signs in, then opened
 * instead of the wallet. Only a gift's own path is kept or returned.
 */
const storageKey = 'kartu.gift-link';
const giftPath = /^\/gifts\/[\w-]{1,128}$/;

export function rememberGiftLink(path: string): void {
  if (giftPath.test(path)) sessionStorage.setItem(storageKey, path);
}

/** The gift link waiting for this sign-in, forgotten once read. */
export function takeGiftLink(): string | null {
  const path = sessionStorage.getItem(storageKey);
  sessionStorage.removeItem(storageKey);
  return path && giftPath.test(path) ? path : null;
}
