import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestHeaders, type PublicMerchant, type SiteState } from '@kartu/contracts';
import type { Database } from '../db/database.ts';
import { normalizeHost } from '../modules/tenancy/tenancy.service.ts';
import { getSiteState } from '../use-cases/site-state/site-state.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { TaggedCache } from '../lib/tagged-cache.ts';
import { changeTags } from '../lib/change-feed.ts';
import { isMediaPath, isSiteApiCall, pathOf } from './api-paths.ts';

export interface Geo {
  latitude: number;
  longitude: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The site the Host header selects; set on every /api request except health and docs, and on /media files. */
    site: SiteState | null;
    merchant: PublicMerchant | null;
    geo: Geo | null;
    /** The visitor's IANA time zone, else the merchant's (spec app-core §9). */
    timeZone: string;
  }
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

function parseCoordinate(value: string | undefined, limit: number): number | null {
  if (!value || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** Position from x-latitude / x-longitude; both must be valid, or there is no position. */
export function parseGeo(latitude: string | undefined, longitude: string | undefined): Geo | null {
  const lat = parseCoordinate(latitude, 90);
  const lng = parseCoordinate(longitude, 180);
  return lat === null || lng === null ? null : { latitude: lat, longitude: lng };
}

// Checking a zone builds a formatter, which is slow; the zones clients send are few.
const knownZones = new Map<string, string | null>();
const knownZonesLimit = 1_000;

/** The canonical name of an IANA zone such as `Asia/Jakarta`, or null when it is not one. */
export function parseTimeZone(value: string | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return null;
  const known = knownZones.get(value);
  if (known !== undefined) return known;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  if (knownZones.size >= knownZonesLimit) knownZones.clear();
  knownZones.set(value, zone);
  return zone;
}

// Every API call needs its site; sites change rarely, so a short cache spares a query per request.
// An operator's change to a merchant drops its sites at once; the TTL covers a relay outage.
const siteCacheTtlMs = 30_000;
const siteCacheLimit = 500;

/** The sites by host, as the request context caches them; for the pages, which the API hooks skip. */
export interface SiteLookup {
  /** The site a Host header names (a request's `hostname`), or null when no site has that host. */
  siteFor(hostname: string): Promise<SiteState | null>;
}

export function registerRequestContext(app: FastifyInstance, { db, clock }: { db: Database; clock: Clock }): SiteLookup {
  const siteCache = new TaggedCache<SiteState>({ maxEntries: siteCacheLimit });
  app.addHook('onClose', async () => siteCache.close());

  async function siteFor(host: string): Promise<SiteState> {
    const ticket = siteCache.ticket();
    const state = await getSiteState({ db, host });
    siteCache.set(host, state, { tags: [changeTags.merchant(state.merchant.id)], validUntil: clock.now().getTime() + siteCacheTtlMs, ticket });
    return state;
  }

  app.decorateRequest('site', null);
  app.decorateRequest('merchant', null);
  app.decorateRequest('geo', null);
  app.decorateRequest('timeZone', '');

  /** Puts the site on the request; the error to answer when the client claims another merchant. */
  function attachSite(request: FastifyRequest, site: SiteState, visitorZone: string | null): AppError | undefined {
    const claimedMerchant = headerValue(request, requestHeaders.merchant);
    if (claimedMerchant && claimedMerchant !== site.merchant.maskedMerchantId) return new AppError('MERCHANT_MISMATCH');
    request.site = site;
    request.merchant = site.merchant;
    request.timeZone = visitorZone ?? site.merchant.timezone;
    return undefined;
  }

  // A callback hook rather than an async one: with the site cached, nothing here waits.
  app.addHook('onRequest', (request, _reply, done) => {
    request.geo = parseGeo(headerValue(request, requestHeaders.latitude), headerValue(request, requestHeaders.longitude));
    const visitorZone = parseTimeZone(headerValue(request, requestHeaders.timezone));
    request.timeZone = visitorZone ?? 'Asia/Jakarta';
    // A picture is served only for the merchant of its site, so /media needs the site too.
    if (!isSiteApiCall(request.url) && !isMediaPath(pathOf(request.url))) return done();
    // request.hostname honours X-Forwarded-Host only when TRUST_PROXY trusts the proxy, and has no port.
    const host = normalizeHost(request.hostname);
    const cached = siteCache.get(host, clock.now().getTime());
    if (cached) return done(attachSite(request, cached, visitorZone));
    siteFor(host).then((site) => done(attachSite(request, site, visitorZone)), done);
  });

  return {
    async siteFor(hostname) {
      const host = normalizeHost(hostname);
      const cached = siteCache.get(host, clock.now().getTime());
      if (cached) return cached;
      try {
        return await siteFor(host);
      } catch (error) {
        if (error instanceof AppError && error.code === 'SITE_NOT_FOUND') return null;
        throw error;
      }
    },
  };
}

/** The site of an /api request; routes under /api can rely on it being there. */
export function siteOf(request: FastifyRequest): SiteState {
  if (!request.site) throw new AppError('SITE_NOT_FOUND');
  return request.site;
}
