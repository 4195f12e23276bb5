import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The web app ships no inline script or style (its index.html is built that way), so the policy
 * allows only its own origin; images may come from https CDNs (merchant icons and banners).
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

export async function registerSecurity(app: FastifyInstance, options: { production: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      // Browsers would rewrite http://localhost to https in development, so only production upgrades.
      directives: { ...contentSecurityPolicy, upgradeInsecureRequests: options.production ? [] : null },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Same answer as frame-ancestors 'none' for browsers that predate CSP.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // API answers are per user and per site: no shared or browser cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
  });
}
