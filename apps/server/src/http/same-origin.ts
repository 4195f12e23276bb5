import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { isSiteApiCall } from './api-paths.ts';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * Whether a request that changes something was sent by a page of the site it is addressed to. The
 * session cookie is SameSite=Lax, which a page on a sibling host of the same site (another merchant's
 * subdomain) still gets sent with a POST; the browser's own headers say where the request came from:
 * `Origin` (sent with every POST) must name this host, else `Sec-Fetch-Site` must say same-origin. A
 * client that sends neither is no browser and carries no ambient credential of a member's.
 */
export function comesFromOwnSite(request: FastifyRequest): boolean {
  const origin = header(request, 'origin');
  if (origin !== undefined) {
    if (!/^https?:\/\//i.test(origin)) return false;
    try {
      // The host as the browser addressed it (port included), against the page's origin: the
      // scheme is left out, as a proxy that ends TLS may not say it.
      return new URL(origin).host === new URL(`http://${request.host}`).host;
    } catch {
      return false;
    }
  }
  const fetchSite = header(request, 'sec-fetch-site');
  return fetchSite === undefined || fetchSite === 'same-origin';
}

/** Refuses, with 403, an API request that changes something and was sent by another site's page. */
export function registerSameOriginWrites(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (readOnlyMethods.has(request.method) || !isSiteApiCall(request.url) || comesFromOwnSite(request)) return done();
    done(new AppError('FORBIDDEN', { message: 'This request must come from the merchant’s own site' }));
  });
}
