import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language, SiteState } from '@kartu/contracts';
import { pathOf } from './api-paths.ts';
import {
  BOOT_NAMESPACES,
  CATALOGUES_ELEMENT_ID,
  FIRST_ANSWERS_ELEMENT_ID,
  intlLocaleOf,
  LANDING_BANNER_SIZES,
  SERVER_RENDER_ATTRIBUTES,
  SITE_STATE_ELEMENT_ID,
} from '@kartu/core/constants';

/** What the web build writes to `.vite/page-preloads.json` (apps/web/build/page-preloads.ts). */
interface PagePreloads {
  pages: Record<string, { files: string[]; styles?: string[]; namespaces: string[] }>;
  catalogues: Record<string, Record<string, string>>;
  /** The app's entry, and the code of the loader that starts it once a server-drawn page has painted. */
  entry?: string;
  appLoaderScript?: string;
  /** What the loader evaluates before the entry, in a task of its own: React's client. */
  beforeEntry?: string;
}

/** A page as sent: its HTML, and the hashes of its inline style and scripts for the content security policy. */
export interface ShellPage {
  html: string;
  styleHashes: string[];
  /** The app loader's, on a page the server drew. */
  scriptHashes?: string[];
}

/** What the web build's server renderer (apps/web/src/entry-server.tsx, built into `.server/`) offers. */
export interface PageRenderer {
  /** What a drawn page depends on in its address (pages are kept by it), or null for an address not drawn. */
  pageKeyOf(url: string): string | null;
  /** The HTML inside #root for that address, or null when the browser should render it alone. */
  renderPage(input: { site: SiteState; url: string; language: Language; namespaces: readonly string[] }): Promise<string | null>;
  /** A member's page drawn with the answers to its first calls, or null when it is not one the server draws. */
  renderMemberPage(input: { site: SiteState; url: string; language: Language; namespaces: readonly string[]; answers: Record<string, unknown> }): Promise<string | null>;
  /** The API calls a member's page makes first (by URL), which the server answers into it. */
  firstCallsOf(url: string): string[];
  /** A language's translation catalogues of the given namespaces, by namespace, with what the site's pages read beside them. */
  cataloguesOf(language: Language, namespaces: readonly string[], site: SiteState): Record<string, unknown>;
}

const noPreloads: PagePreloads = { pages: {}, catalogues: {} };
const emptyRoot = '<div id="root"></div>';
const DRAWN_STYLE_ATTRIBUTE = 'data-drawn-style';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Inside <script>, only "<" can end the element early ("</script>", "<!--"); JSON allows it escaped.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const unescapeAttribute = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
// Declarations that could end the style element or open a rule are left where they were.
const safeDeclarations = /^[^<>{}@\\]*$/;

/**
 * Drawn content's style attributes (a card's colours, say) as rules of one style element: the
 * page's policy lets no inline style attribute apply, so each distinct one becomes a rule for a
 * data attribute put in its place, in a style element the policy allows by its hash. Hydration
 * leaves both as they are; React sets any later change of style on the element itself, which wins.
 */
export function liftStyleAttributes(content: string): { content: string; style: string | null } {
  const rules = new Map<string, number>();
  const lifted = content.replace(/ style="([^"]*)"/g, (attribute, value: string) => {
    const declarations = unescapeAttribute(value);
    if (!safeDeclarations.test(declarations)) return attribute;
    let id = rules.get(declarations);
    if (id === undefined) rules.set(declarations, (id = rules.size));
    return ` ${DRAWN_STYLE_ATTRIBUTE}="${id}"`;
  });
  if (rules.size === 0) return { content, style: null };
  // An id in the selector outranks the class rules an inline style would have outranked.
  const style = [...rules].map(([declarations, id]) => `#root [${DRAWN_STYLE_ATTRIBUTE}="${id}"]{${declarations}}`).join('');
  return { content: lifted, style };
}

/** A site's pages, by key: kept as long as the site state object they were written for. */
function pagesOf<T>(store: WeakMap<SiteState, Map<string, T>>, site: SiteState): Map<string, T> {
  let pages = store.get(site);
  if (!pages) store.set(site, (pages = new Map()));
  return pages;
}

/**
 * The web app's index.html, written for one site before it is sent: the merchant's name, language
 * and colours, its site state (so the app boots without asking GET /api/site), and preloads of
 * what the page paints first (the landing banner, the route's chunks and its catalogues in the
 * site's language), so they download beside the entry instead of one after another.
 *
 * Pages are kept per site state object: the site cache hands out one object per host until the
 * merchant changes, so a page is never shared between hosts and never outlives its site.
 */
export class PageShell {
  readonly #template: string;
  readonly #preloads: PagePreloads;
  /** The build's renderer module: catalogues and first calls come from it. */
  readonly #renderer: PageRenderer | null;
  /** Whether pages are drawn with it (the template has an empty #root to fill). */
  readonly #draws: boolean;
  readonly #pages = new WeakMap<SiteState, Map<string, ShellPage>>();
  readonly #renderedPages = new WeakMap<SiteState, Map<string, Promise<ShellPage | null>>>();
  /** The inline loader's hash for the content security policy, when the build has a loader. */
  readonly #loaderHash: string | undefined;

  constructor(template: string, preloads: PagePreloads = noPreloads, renderer: PageRenderer | null = null) {
    if (!template.includes('</head>')) throw new Error('index.html has no </head>: the page cannot carry its site state');
    this.#template = template;
    this.#preloads = preloads;
    this.#renderer = renderer;
    this.#loaderHash = preloads.appLoaderScript ? sha256(preloads.appLoaderScript) : undefined;
    // Without an empty #root to fill, pages go out as the app would draw them alone.
    this.#draws = renderer !== null && template.includes(emptyRoot);
  }

  static async fromBuild(distDir: string): Promise<PageShell> {
    const preloadsFile = join(distDir, '.vite', 'page-preloads.json');
    const preloads = existsSync(preloadsFile) ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as PagePreloads) : noPreloads;
    const rendererFile = join(distDir, '.server', 'entry-server.js');
    const renderer = existsSync(rendererFile) ? ((await import(pathToFileURL(rendererFile).href)) as PageRenderer) : null;
    return new PageShell(readFileSync(join(distDir, 'index.html'), 'utf8'), preloads, renderer);
  }

  /**
   * For a visitor without a session: the landing page paints before any script runs. Rendered once
   * per site, language and page key, so made-up query strings cost no rendering.
   */
  async renderedPageFor(site: SiteState, url: string, language: Language = site.defaultLanguage): Promise<ShellPage | null> {
    const pageKey = this.#draws ? (this.#renderer?.pageKeyOf(url) ?? null) : null;
    if (pageKey === null) return null;
    const pages = pagesOf(this.#renderedPages, site);
    const key = `${language} ${pageKey}`;
    let rendered = pages.get(key);
    if (!rendered) {
      rendered = this.#renderContent(site, url, language);
      pages.set(key, rendered);
      // A failed render is tried again by the next visitor.
      rendered.catch(() => pages.delete(key));
    }
    return rendered;
  }

  async #renderContent(site: SiteState, url: string, language: Language): Promise<ShellPage | null> {
    const namespaces = this.#namespacesOf('/');
    const content = await this.#renderer?.renderPage({ site, url, language, namespaces });
    if (content == null) return null;
    return this.#drawn(this.pageFor(site, '/', language), content, { language, namespaces, member: false });
  }

  firstCallsOf(url: string): string[] {
    return this.#renderer?.firstCallsOf(url) ?? [];
  }

  /**
   * A member's page with its content drawn from the answers to its first calls (and those answers
   * in it, for the app to start from), or null when the server does not draw it. Never kept.
   */
  async memberPageFor(site: SiteState, url: string, language: Language, answers: Record<string, unknown>): Promise<ShellPage | null> {
    const pathname = pathOf(url);
    const namespaces = this.#namespacesOf(pathname);
    if (!this.#draws) return null;
    const content = await this.#renderer?.renderMemberPage({ site, url, language, namespaces, answers });
    if (content == null) return null;
    return this.#drawn(PageShell.withFirstAnswers(this.pageFor(site, pathname, language), answers), content, { language, namespaces, member: true });
  }

  #namespacesOf(pathname: string): string[] {
    return [...new Set([...BOOT_NAMESPACES, ...(this.#preloads.pages[pathname]?.namespaces ?? [])])];
  }

  /** The page with drawn content in #root, saying how it was drawn, its scripts started after it paints. */
  #drawn(shell: ShellPage, drawn: string, how: { language: Language; namespaces: string[]; member: boolean }): ShellPage {
    const attributes = [
      `${SERVER_RENDER_ATTRIBUTES.language}="${escapeAttribute(how.language)}"`,
      `${SERVER_RENDER_ATTRIBUTES.namespaces}="${escapeAttribute(how.namespaces.join(' '))}"`,
      ...(how.member ? [SERVER_RENDER_ATTRIBUTES.member] : []),
    ];
    const { content, style } = liftStyleAttributes(drawn);
    let html = shell.html.replace(emptyRoot, () => `<div id="root" ${attributes.join(' ')}>${content}</div>`);
    if (style) html = html.replace('</head>', () => `  <style>${style}</style>\n  </head>`);
    const started = this.#startAfterPaint(html);
    return {
      html: started.html,
      styleHashes: style ? [...shell.styleHashes, sha256(style)] : shell.styleHashes,
      ...(started.scriptHash ? { scriptHashes: [started.scriptHash] } : {}),
    };
  }

  /**
   * A drawn page shows before its scripts run: its style sheets and banner download first, and the
   * app's code only once the page has loaded and painted, through the build's loader (inline, with
   * its hash for the policy), which then preloads the chunks the page would have preloaded,
   * evaluates React's client and, in a task after it, starts the entry. A build without the
   * loader starts its scripts as built.
   */
  #startAfterPaint(html: string): { html: string; scriptHash?: string } {
    const { entry, appLoaderScript, beforeEntry } = this.#preloads;
    const entryScript = entry && `<script type="module" crossorigin src="/${entry}"></script>`;
    if (!entryScript || !appLoaderScript || !html.includes(entryScript)) return { html };
    const chunks: string[] = [];
    const withoutPreloads = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_link, href: string) => {
      chunks.push(href);
      return '';
    });
    const first = beforeEntry ? ` data-first="/${escapeAttribute(beforeEntry)}"` : '';
    const loader = `<script data-entry="/${escapeAttribute(entry)}"${first} data-preload="${escapeAttribute(chunks.join(' '))}">${appLoaderScript}</script>`;
    return { html: withoutPreloads.replace(entryScript, () => loader), scriptHash: this.#loaderHash };
  }

  /** A member's page with the answers to its first API calls written in (http/first-answers.ts). */
  static withFirstAnswers(page: ShellPage, answers: Record<string, unknown>): ShellPage {
    const script = `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${jsonForScript(answers)}</script>`;
    return { ...page, html: page.html.replace('</head>', () => `  ${script}\n  </head>`) };
  }

  /** The page as built, for answers that know no site (an unknown host, an error before routing). */
  get plain(): ShellPage {
    return { html: this.#template, styleHashes: [] };
  }

  /** The page for a site at a path, in a language (the site's own by default); the same object for the same site, page and language. */
  pageFor(site: SiteState, pathname: string, language: Language = site.defaultLanguage): ShellPage {
    const pageKey = pathname in this.#preloads.pages ? pathname : '';
    const pages = pagesOf(this.#pages, site);
    const key = `${language} ${pageKey}`;
    let page = pages.get(key);
    if (!page) pages.set(key, (page = this.#render(site, pageKey, language)));
    return page;
  }

  #render(site: SiteState, pageKey: string, language: Language): ShellPage {
    const { merchant } = site;
    const colours = site.branding;
    const style = `:root{${Object.entries(colours)
      .map(([name, value]) => `${name}:${value}`)
      .join(';')}}`;
    const head: string[] = [`<style>${style}</style>`];
    // The landing page's largest paint is its banner: it downloads with the page, not after the app,
    // in the size the image will pick when the server resized it.
    if (pageKey === '/' && merchant.bannerUrl) {
      const sizes = merchant.banner ? ` imagesrcset="${escapeAttribute(merchant.banner.srcSet)}" imagesizes="${LANDING_BANNER_SIZES}"` : '';
      head.push(`<link rel="preload" as="image" href="${escapeAttribute(merchant.bannerUrl)}"${sizes} fetchpriority="high">`);
    }
    const page = this.#preloads.pages[pageKey];
    const namespaces = this.#namespacesOf(pageKey);
    const files = [...(page?.files ?? [])];
    if (!this.#renderer) files.push(...namespaces.flatMap((namespace) => this.#preloads.catalogues[language]?.[namespace] ?? []));
    for (const file of files) head.push(`<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
    // The route's own style sheets, linked up front: a page the server rendered paints styled
    // before its scripts would have added them.
    for (const file of page?.styles ?? []) head.push(`<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`);
    head.push(`<script type="application/json" id="${SITE_STATE_ELEMENT_ID}">${jsonForScript(site)}</script>`);
    // The catalogues its first render reads travel with the page (data, a few KB compressed),
    // rather than as one script each after it.
    if (this.#renderer) {
      const catalogues = this.#renderer.cataloguesOf(language, namespaces, site);
      head.push(`<script type="application/json" id="${CATALOGUES_ELEMENT_ID}">${jsonForScript({ language, catalogues })}</script>`);
    }

    // Replacements are functions, so a "$" in a brand name is never read as a pattern.
    const html = this.#template
      .replace(/<html\b[^>]*>/, () => `<html lang="${escapeAttribute(intlLocaleOf(language))}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(merchant.brand)}</title>`)
      .replace(/<meta name="theme-color" content="[^"]*"/, () => `<meta name="theme-color" content="${colours['--brand-header']}"`)
      .replace('</head>', () => `${head.join('\n    ')}\n  </head>`);
    return { html, styleHashes: [sha256(style)] };
  }
}
