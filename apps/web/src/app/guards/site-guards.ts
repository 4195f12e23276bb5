import type { SiteState } from '@kartu/contracts';
import { paths } from '../../config/paths.ts';
import type { GuardLocation, GuardRedirect } from './guard-types.ts';

type SiteFlags = Pick<SiteState, 'maintenance' | 'active' | 'requireReferenceId'>;

/** spec: app-core §2 Guards (named guard `maintenance`): a maintenance flag sends every page to /maintenance. */
export function maintenanceGuard(site: SiteFlags, pathname: string): GuardRedirect {
  return site.maintenance && pathname !== paths.maintenance.href() ? paths.maintenance.href() : null;
}

/** spec: app-core §2 Guards: an inactive web sends every page to /sorry. */
export function activeWebGuard(site: SiteFlags, pathname: string): GuardRedirect {
  return !site.active && pathname !== paths.sorry.href() ? paths.sorry.href() : null;
}

/** Named guard `global`: maintenance first, then the inactive web. */
export function globalGuard(site: SiteFlags, pathname: string): GuardRedirect {
  return maintenanceGuard(site, pathname) ?? activeWebGuard(site, pathname);
}

/**
 * Named guard `hostQuery` (spec: app-core §2 Guards, §8): some hosts open '/' only with a referenceId query.
 * Answers true when the visit must end on the 404 'Page not found' page.
 */
export function referenceIdGuard(site: SiteFlags, location: GuardLocation): boolean {
  if (!site.requireReferenceId || location.pathname !== paths.home.href()) return false;
  return !new URLSearchParams(location.search).get('referenceId');
}
