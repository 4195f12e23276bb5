import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath, isMediaPath, pathOf } from './api-paths.ts';

/**
 * The web app's own origin only: the few inline styles and scripts a page carries are allowed one
 * by one, by their hashes (withInlineHashes); images may come from https CDNs (merchant icons and
 * banners).
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * A page's policy with the hashes of the inline style sheets it carries (the merchant's colours,
 * written per site) and of its inline scripts (the app loader of a page the server drew): those
 * run, and no other inline style or script does.
 */
export function withInlineHashes(policy: string, { styleHashes, scriptHashes = [] }: { styleHashes: readonly string[]; scriptHashes?: readonly string[] }): string {
  return withSources(withSources(policy, 'style-src', styleHashes), 'script-src', scriptHashes);
}

/** The policy with more sources at the end of one of its directives. */
function withSources(policy: string, directive: string, sources: readonly string[]): string {
  return sources.length === 0 ? policy : policy.replace(new RegExp(`(^|;)(\\s*${directive} [^;]*)`), (_match, start: string, found: string) => `${start}${found} ${sources.join(' ')}`);
}

/**
 * Where the merchant's tag manager and social pixel load from and report to (app-core §7
 * third-party loads): a page of a merchant that has set one allows exactly those hosts, and no other
 * merchant's page does (docs/decisions/039-analytics-vendors.md).
 */
const analyticsVendorSources = {
  gaId: { script: ['https://www.googletagmanager.com'], connect: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] },
  fbPixelId: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com'] },
} as const;

/** A page's policy for a merchant's analytics settings: widened for the vendors it has set, else as it is. */
export function withAnalyticsVendors(policy: string, analytics: { gaId: string | null; fbPixelId: string | null }): string {
  const vendors = (['gaId', 'fbPixelId'] as const).filter((name) => analytics[name]).map((name) => analyticsVendorSources[name]);
  return withSources(
    withSources(
      policy,
      'script-src',
      vendors.flatMap((vendor) => vendor.script),
    ),
    'connect-src',
    vendors.flatMap((vendor) => vendor.connect),
  );
}

/** Swagger UI sets inline style attributes, so only the /api/docs pages relax style-src. */
export const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * The headers helmet sets with our options. None of them depends on the request (the policy uses
 * no nonces), so they are worked out once at start instead of on every answer.
 */
export function securityHeaders({ production, connectOrigins = [] }: { production: boolean; connectOrigins?: readonly string[] }): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // Browsers would rewrite http://localhost to https in development, so only production upgrades.
      directives: {
        ...contentSecurityPolicy,
        // A payment provider's card tokenisation is called by the browser itself.
        connectSrc: [...contentSecurityPolicy.connectSrc, ...connectOrigins],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Same answer as frame-ancestors 'none' for browsers that predate CSP.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  let failure: unknown;
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** The page headers that matter to an answer that is not a document: no sniffing, no other origins, https only. */
function nonDocumentHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];
  return Object.fromEntries(kept.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : [])));
}

/**
 * What a JSON answer of the API needs: it may not be sniffed into something else, framed (CSP
 * frame-ancestors, which every current browser honours), read by other origins' pages, kept by any
 * cache, or fetched over plain http after the first visit. It is never rendered as a page, so the
 * page-oriented headers (referrer policy, opener and agent-cluster isolation, prefetch and download
 * switches, the legacy frame and XSS switches) would only cost time on every answer.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    ...nonDocumentHeaders(pageHeaders),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    // API answers are per user and per site: no shared or browser cache may keep them.
    'cache-control': 'no-store',
  };
}

/**
 * What a content-hashed script or style sheet of the build, or a merchant's picture, needs: not to
 * be sniffed, read by other origins' pages or fetched over plain http. It is never a document, so
 * the page headers (about 800 bytes on each of the dozens of files a first load fetches) would be
 * sent for nothing; its policy allows nothing, should one ever be opened as a page.
 */
export function assetSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    ...nonDocumentHeaders(pageHeaders),
    'content-security-policy': "default-src 'none'",
  };
}

export function registerSecurity(app: FastifyInstance, options: { production: boolean; connectOrigins?: readonly string[] }): void {
  const headers = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(headers);
  const assetHeaders = assetSecurityHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    reply.headers(isApiPath(path) ? apiHeaders : path.startsWith('/assets/') || isMediaPath(path) ? assetHeaders : headers);
    done();
  });
}
