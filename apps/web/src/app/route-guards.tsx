import type { ReactNode } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { v2RouteNameOf } from '../config/v2-routes.ts';
import { useSession } from '../lib/session.ts';
import { useSite } from '../lib/site.tsx';
import { accountDeletionGuard, homeRedirect, requireAuth, ssoGuard } from './guards/auth-guards.ts';
import { requireCardId } from './guards/card-guards.ts';
import type { GuardRedirect } from './guards/guard-types.ts';
import { globalGuard, referenceIdGuard } from './guards/site-guards.ts';
import { v2Redirect } from './guards/v2-redirect.ts';
import { SiteNotFound } from './route-error.tsx';
import { Redirect } from '../lib/redirect.tsx';

/*
 * The guards in ./guards decide; these elements apply them while rendering. They re-render when
 * the address or the session changes, so a sign-out leaves a protected page at once.
 * A guard without children guards the nested routes (it renders their <Outlet />).
 */

interface GuardProps {
  children?: ReactNode;
}

function follow(to: GuardRedirect, children: ReactNode) {
  return to === null ? (children ?? <Outlet />) : <Redirect to={to} />;
}

/** Every page: maintenance, then the inactive web (named guard `global`). */
export function GlobalGuard({ children }: GuardProps) {
  const site = useSite();
  const { pathname } = useLocation();
  return follow(globalGuard(site, pathname), children);
}

/** '/': hosts that require a referenceId answer 404, signed-in members go on to /cards. */
export function HomeGuard({ children }: GuardProps) {
  const site = useSite();
  const location = useLocation();
  const { user } = useSession();
  if (referenceIdGuard(site, location)) return <SiteNotFound />;
  return follow(homeRedirect(location, { signedIn: user !== null }), children);
}

/**
 * v1 protected pages. The v2 move comes before the sign-in check, so a v2 merchant's visitor
 * always reaches /v2/… first; the /v2 tree then checks the session itself (RequireSession).
 */
export function ProtectedGuard({ children }: GuardProps) {
  const site = useSite();
  const location = useLocation();
  const { user } = useSession();
  const to = v2Redirect(v2RouteNameOf(location.pathname), location, site) ?? requireAuth({ signedIn: user !== null });
  return follow(to, children);
}

/** Pages under one card need its id (spec: app-core §2 Guards); nested inside ProtectedGuard. */
export function CardGuard({ children }: GuardProps) {
  const { cardId } = useParams();
  return follow(requireCardId(cardId), children);
}

/**
 * The /v2 tree checks the session while rendering, after the /v2 address is in the history, so
 * the v2 move stays visible before a visitor is sent to '/'.
 */
export function RequireSession({ children }: GuardProps) {
  const { user } = useSession();
  return follow(requireAuth({ signedIn: user !== null }), children);
}

/** Named guard `authorize`: /authorize needs a non-empty sso query (spec: app-core §2 Guards). */
export function SsoGuard({ children }: GuardProps) {
  const location = useLocation();
  const { user } = useSession();
  return follow(ssoGuard(location, { signedIn: user !== null }), children);
}

/** Account deletion is closed to single sign-on sessions, which go to '/' (spec: app-core §2 Guards). */
export function AccountDeletionGuard({ children }: GuardProps) {
  const { loginType } = useSession();
  return follow(accountDeletionGuard({ loginType }), children);
}
