import { useSearchParams } from 'react-router';
import type { DefaultLogin } from '@kartu/contracts';
import { useSite } from './site.tsx';

/** The query parameter that keeps the member's choice of identifier, so a reload or Back keeps it too. */
export const SIGN_IN_KIND_PARAM = 'with';
const param = SIGN_IN_KIND_PARAM;

export interface SignInKind {
  /** What the member signs in with now. */
  kind: DefaultLogin;
  /** The other kind, when the merchant accepts both; null when it accepts its default only. */
  other: DefaultLogin | null;
  /** Switches to the other kind (replacing the history entry, as a toggle does). */
  switchKind(): void;
}

// spec: app-core §1: the merchant's defaultLogin decides the identifier; a merchant may accept both.
export function useSignInKind(): SignInKind {
  const { merchant } = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const fallback = merchant.defaultLogin;
  const second: DefaultLogin = fallback === 'phone' ? 'email' : 'phone';
  // The address names the second kind only; the merchant's own kind is the page without it.
  const onSecond = merchant.acceptsBothLogins && searchParams.get(param) === second;
  return {
    kind: onSecond ? second : fallback,
    other: merchant.acceptsBothLogins ? (onSecond ? fallback : second) : null,
    switchKind() {
      if (!merchant.acceptsBothLogins) return;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (onSecond) next.delete(param);
          else next.set(param, second);
          return next;
        },
        { replace: true },
      );
    },
  };
}
