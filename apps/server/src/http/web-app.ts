import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { parseCookie } from 'cookie';
import type { Language, SiteState } from '@kartu/contracts';
import { isSupportedLanguage, LANGUAGE_COOKIE } from '@kartu/core/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, isMediaPath, pathOf } from './api-paths.ts';
import type { PageSender } from './error-handler.ts';
import { firstAnswersFor } from './first-answers.ts';
import { PageShell, type ShellPage } from './page-shell.ts';
import type { SiteLookup } from './request-context.ts';
import { withAnalyticsVendors, withInlineHashes } from './security.ts';
import { sessionTokenOf } from '../modules/auth/session.plugin.ts';

// Vite puts content-hashed files under /assets: they never change, so browsers may keep them.
const assetCacheControl = 'public, max-age=31536000, immutable';
// index.html names the current assets, so it is revalidated on every visit.
const pageCacheControl = 'no-cache';

/** The language a visitor chose in the app (its cookie), when it is one the app speaks. */
function chosenLanguage(request: FastifyRequest): Language | null {
  const cookies = request.headers.cookie;
  const value = cookies ? parseCookie(cookies)[LANGUAGE_COOKIE] : undefined;
  return isSupportedLanguage(value) ? value : null;
}

/**
 * Serves the built web app on the same origin as the API (ARCHITECTURE 'One origin'). Paths that
 * are not files get index.html, so the single-page router can answer deep links like /cards/123;
 * the page is written for the Host's site first (http/page-shell.ts). `/dev/` pages are answered
 * only with `developmentPages` (outside production).
 */
export async function registerWebApp(
  app: FastifyInstance,
  { distDir, sites, developmentPages = false }: { distDir: string; sites: SiteLookup; developmentPages?: boolean },
): Promise<PageSender> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    const sendNotBuilt = (reply: FastifyReply) =>
      reply.type('text/plain; charset=utf-8').send('The web app has not been built yet. Run `npm run build`, then reload this page.');
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isApiPath(request.url) || isMediaPath(request.url)) return reply.callNotFound();
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
    // The build writes `.br` and `.gz` beside each text file: they are sent as they are, with
    // `Vary: Accept-Encoding`, so no static file is compressed per request.
    preCompressed: true,
    // The ETag alone revalidates the few unhashed files; hashed ones are never asked for twice.
    // Every header counts on a first load of some forty small files.
    lastModified: false,
    acceptRanges: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const isAsset = path.includes(`${sep}assets${sep}`);
      reply.header('cache-control', isAsset ? assetCacheControl : pageCacheControl);
    },
  });

  const shell = await PageShell.fromBuild(distDir);
  const send = (reply: FastifyReply, page: ShellPage, cacheControl = pageCacheControl, site?: SiteState) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      const hashed = withInlineHashes(policy, page);
      reply.header('content-security-policy', site ? withAnalyticsVendors(hashed, site.merchant.analytics) : hashed);
    }
    return reply.header('cache-control', cacheControl).type('text/html; charset=utf-8').send(page.html);
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Without its site (an unknown host, the database away) the page boots from GET /api/site,
    // which answers why.
    const site = await sites.siteFor(request.hostname).catch((error: unknown) => {
      request.log.warn({ err: error }, 'page sent without its site state');
      return null;
    });
    if (!site) return send(reply, shell.plain);
    const language = chosenLanguage(request) ?? site.defaultLanguage;
    if (sessionTokenOf(request)) {
      // A member's page carries the answers to its first API calls and is drawn with them when
      // the server draws it; being theirs, it is never stored.
      const answers = await firstAnswersFor(app, request, shell.firstCallsOf(request.url)).catch((error: unknown) => {
        request.log.warn({ err: error }, 'page sent without the answers to its first calls');
        return null;
      });
      const page = shell.pageFor(site, pathOf(request.url), language);
      if (!answers) return send(reply, page, pageCacheControl, site);
      const drawn = await shell.memberPageFor(site, request.url, language, answers).catch((error: unknown) => {
        request.log.warn({ err: error }, 'member page sent without its server-rendered content');
        return null;
      });
      return send(reply, drawn ?? PageShell.withFirstAnswers(page, answers), 'no-store', site);
    }
    // A visitor without a session sees the landing page: the server draws it when it can.
    const rendered = await shell.renderedPageFor(site, request.url, language).catch((error: unknown) => {
      request.log.warn({ err: error }, 'page sent without its server-rendered content');
      return null;
    });
    return send(reply, rendered ?? shell.pageFor(site, pathOf(request.url), language), pageCacheControl, site);
  };
  app.get('/', { schema: { hide: true } }, sendPage);
  // The landing page is drawn by the server and its form works once the app's code has arrived. A
  // form sent before then (method post) is dropped unread: the visitor gets the page again.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, undefined));
    scope.post('/', { schema: { hide: true } }, async (request, reply) => reply.redirect(request.url, 303));
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // A missing hashed asset or picture is a real 404: answering HTML in place of a file hides the error.
    if (isApiPath(request.url) || request.url.startsWith('/assets/') || isMediaPath(request.url)) return reply.callNotFound();
    // The development pages (the component gallery) are not part of a production site at all.
    if (!developmentPages && request.url.startsWith('/dev/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendPage(request, reply);
  });
  // An error can come before routing: the page is sent as built, with its own headers, since the
  // answer started out as an API one.
  return (reply) => send(reply, shell.plain);
}
