import type { SiteState } from '@kartu/contracts';
import { paths, v2PathOf } from '../../config/paths.ts';
import { v2RouteNames, type V2RouteName } from '../../config/v2-routes.ts';
import type { GuardLocation, GuardRedirect } from './guard-types.ts';

/** spec: app-core §2 V2 routes: on a v2 merchant the named routes move under /v2, query kept. */
export function v2Redirect(
  routeName: string | null,
  location: GuardLocation,
  site: Pick<SiteState, 'uiVersion'>,
): GuardRedirect {
  if (site.uiVersion !== 'v2' || routeName === null) return null;
  if (!(v2RouteNames as readonly string[]).includes(routeName as V2RouteName)) return null;
  if (location.pathname.startsWith(`${paths.v2.path}/`)) return null;
  return `${v2PathOf(location.pathname)}${location.search}`;
}
