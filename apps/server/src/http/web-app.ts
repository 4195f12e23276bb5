import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from './api-paths.ts';
import type { PageSender } from './error-handler.ts';

// Vite puts content-hashed files under /assets: they never change, so browsers may keep them.
const assetCacheControl = 'public, max-age=31536000, immutable';
// index.html names the current assets, so it is revalidated on every visit.
const pageCacheControl = 'no-cache';

/**
 * Serves the built web app on the same origin as the API (ARCHITECTURE 'One origin'). Paths that
 * are not files get index.html, so the single-page router can answer deep links like /cards/123.
 */
export async function registerWebApp(app: FastifyInstance, { distDir }: { distDir: string }): Promise<PageSender> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    const sendNotBuilt = (reply: FastifyReply) =>
      reply.type('text/plain; charset=utf-8').send('The web app has not been built yet. Run `npm run build`, then reload this page.');
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      return sendNotBuilt(reply);
    });
    return sendNotBuilt;
  }

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // Routes are registered for the files present at start: the build is immutable once deployed.
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const isAsset = path.includes(`${sep}assets${sep}`);
      reply.header('cache-control', isAsset ? assetCacheControl : pageCacheControl);
    },
  });

  const sendPage = (reply: FastifyReply) => reply.sendFile('index.html');
  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendPage(reply));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // A missing hashed asset is a real 404: answering HTML in place of a script hides the error.
    if (isApiPath(request.url) || request.url.startsWith('/assets/')) return reply.callNotFound();
    return sendPage(reply);
  });
  // An error can come before routing, where the reply has none of the static files' helpers: the
  // page is sent from memory, with its own headers, since the answer started out as an API one.
  const html = readFileSync(indexFile);
  return (reply) => reply.header('cache-control', pageCacheControl).type('text/html; charset=utf-8').send(html);
}
