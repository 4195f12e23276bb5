import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { SiteState } from '@kartu/contracts';
import { v2RouteNameOf } from '../config/v2-routes.ts';
import { isSignedIn } from '../lib/session.ts';
import { homeRedirect, requireAuth } from './guards/auth-guards.ts';
import { requireCardId } from './guards/card-guards.ts';
import { globalGuard, referenceIdGuard } from './guards/site-guards.ts';
import { v2Redirect } from './guards/v2-redirect.ts';

/** What a 404 thrown by a guard is about, so the error page picks the right message. */
export type NotFoundReason = 'site' | 'route';

function locationOf(request: Request) {
  const url = new URL(request.url);
  return { pathname: url.pathname, search: url.search };
}

function follow(to: string | null): null {
  if (to !== null) throw redirect(to);
  return null;
}

/** Every page: maintenance, then inactive web. */
export function globalLoader(site: SiteState) {
  return ({ request }: LoaderFunctionArgs) => follow(globalGuard(site, locationOf(request).pathname));
}

/** '/': hosts that require a referenceId answer 404, signed-in members go on to /cards. */
export function homeLoader(site: SiteState) {
  return ({ request }: LoaderFunctionArgs) => {
    const location = locationOf(request);
    if (referenceIdGuard(site, location)) throw data<NotFoundReason>('site', { status: 404 });
    return follow(homeRedirect(location, { signedIn: isSignedIn() }));
  };
}

/**
 * v1 protected pages. The v2 move comes before the sign-in check, in the same loader, so a v2
 * merchant's visitor always reaches /v2/… first; the /v2 tree then checks the session itself.
 */
export function protectedLoader(site: SiteState, options: { cardScoped?: boolean } = {}) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const location = locationOf(request);
    return follow(
      v2Redirect(v2RouteNameOf(location.pathname), location, site) ??
        requireAuth({ signedIn: isSignedIn() }) ??
        (options.cardScoped ? requireCardId(params.cardId) : null),
    );
  };
}
