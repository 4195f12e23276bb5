import { paths } from '../../../config/paths.ts';
import { toReturnPath } from '../../../lib/return-path.ts';

/**
 * Where the sandbox page sends the member back: the `return` query when it is a path of this site
 * (never another origin, so the page cannot be used to send a member elsewhere), else the cards.
 */
export function safeReturnPath(value: string | null, origin: string = window.location.origin): string {
  const path = toReturnPath(value);
  if (!path) return paths.cards.href();
  try {
    const url = new URL(path, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : paths.cards.href();
  } catch {
    return paths.cards.href();
  }
}
