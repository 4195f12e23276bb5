/*
 * The server's renderer of the pages it draws (built with `vite build --ssr` into dist/.server):
 * the same app tree the browser hydrates, rendered at the request's address in the visitor's
 * language, so a page paints before any script runs: the landing page for a visitor, the wallet
 * for a member (with the answers to its first calls).
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Language, SiteState } from '@kartu/contracts';
import { intlLocaleOf } from '@kartu/core/constants';
import { AppTree } from './app/app-tree.tsx';
import { drawnSessionOf, fillFirstQueries, firstQueriesOf } from './app/first-queries.ts';
import { globalGuard, referenceIdGuard } from './app/guards/site-guards.ts';
import { REGION_NAMES_NAMESPACE, regionNames } from './components/forms/starting-region.ts';
import { paths } from './config/paths.ts';
import { SIGN_IN_KIND_PARAM } from './lib/sign-in-kind.ts';
import { createTranslator, I18nProvider, namespaces as bootNamespaces, type Resources } from './lib/i18n.tsx';
import { createQueryClient, DrawnQueryClientProvider } from './lib/query-client.ts';
import { DrawnRedirectsProvider } from './lib/redirect.tsx';
import { DrawnSessionProvider } from './lib/session.ts';

export { firstCallsOf } from './app/first-queries.ts';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

/**
 * A language's catalogues of the given namespaces, by namespace, and the name of the site's
 * country in that language (REGION_NAMES_NAMESPACE): the page carries them to the app, whose first
 * render reads them as the server's did.
 */
export function cataloguesOf(language: Language, wanted: readonly string[], site: SiteState): Record<string, Record<string, unknown>> {
  const bundle: Record<string, Record<string, unknown>> = {};
  for (const namespace of wanted) {
    const catalogue = catalogues[`./locales/${language}/${namespace}.json`];
    if (catalogue) bundle[namespace] = catalogue.default;
  }
  const { code } = site.merchant.phoneRegion;
  bundle[REGION_NAMES_NAMESPACE] = { [code]: regionNames(intlLocaleOf(language))(code) };
  return bundle;
}

const resourcesOf = (language: Language, wanted: readonly string[], site: SiteState): Resources => ({ [language]: cataloguesOf(language, wanted, site) });

export interface RenderPageInput {
  site: SiteState;
  /** The request's path and query, e.g. `/?referenceId=ab12`. */
  url: string;
  language: Language;
  /** The translation namespaces the page reads beside the boot ones; the browser loads the same before it hydrates. */
  namespaces: readonly string[];
  /** How long the render may take before it is given up. */
  timeoutMs?: number;
}

export interface RenderMemberPageInput extends RenderPageInput {
  /** The answers to the page's first calls (firstCallsOf), made with the member's session. */
  answers: Record<string, unknown>;
}

/**
 * What a drawn page depends on in its address, or null for an address the server does not draw:
 * the landing page shows the same markup whatever the query holds, except the sign-in kind it
 * offers and whether a referenceId is there (some hosts answer 404 without one). The server keeps
 * one drawn page per site and key, so a flood of addresses with made-up queries renders nothing new.
 */
export function pageKeyOf(url: string): string | null {
  const location = new URL(url, 'http://page.invalid');
  if (location.pathname !== paths.home.href()) return null;
  const kind = location.searchParams.get(SIGN_IN_KIND_PARAM);
  const key = new URLSearchParams();
  if (kind === 'email' || kind === 'phone') key.set(SIGN_IN_KIND_PARAM, kind);
  if (location.searchParams.get('referenceId')) key.set('referenceId', '');
  const search = key.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/**
 * The landing page's HTML (what goes inside #root) for a visitor who is not signed in, or null
 * when that address would not show the landing page (maintenance, an inactive site, a host that
 * wants a referenceId, the age gate, any other path): the browser then renders it alone. It is
 * drawn at the address's key (pageKeyOf), so the same for every address with that key.
 */
export async function renderPage({ site, url, language, namespaces, timeoutMs = 2000 }: RenderPageInput): Promise<string | null> {
  const key = pageKeyOf(url);
  const location = new URL(url, 'http://page.invalid');
  if (key === null) return null;
  if (site.merchant.flags.ageGate || globalGuard(site, location.pathname) !== null || referenceIdGuard(site, location)) return null;
  // Drawn with the visitor's own referenceId, which the page never shows: the same markup for the key.
  const drawn = new URL(key, 'http://page.invalid');
  if (drawn.searchParams.has('referenceId')) drawn.searchParams.set('referenceId', location.searchParams.get('referenceId') ?? '');
  const drawnAt = `${drawn.pathname}${drawn.search}`;

  return draw({ site, url: drawnAt, language, namespaces, timeoutMs }, (tree) => tree);
}

/**
 * A member's page (what goes inside #root) drawn with the answers to its first calls, or null
 * when the server does not draw that address for a member (only the wallet for now), when the
 * answers are not what its calls expect, or when the page would send the member elsewhere
 * (single-card mode, a v2 merchant's v1 address, maintenance): the browser then renders it.
 * Never kept: it is the member's own.
 */
export async function renderMemberPage({ site, url, language, namespaces, answers, timeoutMs = 2000 }: RenderMemberPageInput): Promise<string | null> {
  if (firstQueriesOf(url).length === 0 || site.merchant.flags.ageGate) return null;
  const session = drawnSessionOf(answers);
  const queryClient = createQueryClient();
  if (!session || !fillFirstQueries(queryClient, url, answers)) return null;
  try {
    return await draw({ site, url, language, namespaces, timeoutMs }, (tree) => (
      <DrawnSessionProvider session={session}>
        <DrawnQueryClientProvider value={queryClient}>{tree}</DrawnQueryClientProvider>
      </DrawnSessionProvider>
    ));
  } finally {
    queryClient.clear();
  }
}

/** The app at an address, in a language, wrapped as the page needs; null when it redirects. */
async function draw({ site, url, language, namespaces, timeoutMs }: Required<RenderPageInput>, wrap: (tree: ReactNode) => ReactNode): Promise<string | null> {
  const wanted = [...bootNamespaces, ...namespaces];
  const translator = createTranslator(language, resourcesOf(language, wanted, site));
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  let redirected = false;
  const { prelude } = await prerender(
    <DrawnRedirectsProvider value={() => (redirected = true)}>
      <I18nProvider translator={translator}>{wrap(<AppTree site={site} router={Router} />)}</I18nProvider>
    </DrawnRedirectsProvider>,
    { signal: AbortSignal.timeout(timeoutMs) },
  );
  const html = await new Response(prelude).text();
  if (redirected) return null;
  // React opens a fragment with preload hints for its images; the page's head already preloads
  // what matters, and hints inside #root are not part of the tree the browser hydrates.
  return html.replace(/^(?:<link [^>]*\/>)+/, '');
}
