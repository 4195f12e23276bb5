import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteState } from '@kartu/contracts';
import { brandingVariables } from '@kartu/core';
import { BOOT_NAMESPACES, intlLocaleOf, SITE_STATE_ELEMENT_ID } from '@kartu/core/constants';

/** What the web build writes to `.vite/page-preloads.json` (apps/web/build/page-preloads.ts). */
interface PagePreloads {
  pages: Record<string, { files: string[]; namespaces: string[] }>;
  catalogues: Record<string, Record<string, string>>;
}

/** A page as sent: its HTML, and the hashes of its inline style for the content security policy. */
export interface ShellPage {
  html: string;
  styleHashes: string[];
}

const noPreloads: PagePreloads = { pages: {}, catalogues: {} };

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Inside <script>, only "<" can end the element early ("</script>", "<!--"); JSON allows it escaped.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

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
  readonly #pages = new WeakMap<SiteState, Map<string, ShellPage>>();

  constructor(template: string, preloads: PagePreloads = noPreloads) {
    if (!template.includes('</head>')) throw new Error('index.html has no </head>: the page cannot carry its site state');
    this.#template = template;
    this.#preloads = preloads;
  }

  /** The shell of a built web app: its index.html and, when the build wrote them, its page preloads. */
  static fromBuild(distDir: string): PageShell {
    const preloadsFile = join(distDir, '.vite', 'page-preloads.json');
    const preloads = existsSync(preloadsFile) ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as PagePreloads) : noPreloads;
    return new PageShell(readFileSync(join(distDir, 'index.html'), 'utf8'), preloads);
  }

  /** The page as built, for answers that know no site (an unknown host, an error before routing). */
  get plain(): ShellPage {
    return { html: this.#template, styleHashes: [] };
  }

  /** The page for a site at a path; the same object for the same site and page. */
  pageFor(site: SiteState, pathname: string): ShellPage {
    const key = pathname in this.#preloads.pages ? pathname : '';
    let pages = this.#pages.get(site);
    if (!pages) this.#pages.set(site, (pages = new Map()));
    let page = pages.get(key);
    if (!page) pages.set(key, (page = this.#render(site, key)));
    return page;
  }

  #render(site: SiteState, pageKey: string): ShellPage {
    const { merchant } = site;
    const language = site.defaultLanguage;
    const colours = brandingVariables(merchant);
    const style = `:root{${Object.entries(colours)
      .map(([name, value]) => `${name}:${value}`)
      .join(';')}}`;
    const head: string[] = [`<style>${style}</style>`];
    // The landing page's largest paint is its banner: it downloads with the page, not after the app.
    if (pageKey === '/' && merchant.bannerUrl) {
      head.push(`<link rel="preload" as="image" href="${escapeAttribute(merchant.bannerUrl)}" fetchpriority="high">`);
    }
    const page = this.#preloads.pages[pageKey];
    const catalogues = this.#preloads.catalogues[language] ?? {};
    const files = [
      ...(page?.files ?? []),
      ...[...BOOT_NAMESPACES, ...(page?.namespaces ?? [])].flatMap((namespace) => catalogues[namespace] ?? []),
    ];
    for (const file of files) head.push(`<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
    head.push(`<script type="application/json" id="${SITE_STATE_ELEMENT_ID}">${jsonForScript(site)}</script>`);

    // Replacements are functions, so a "$" in a brand name is never read as a pattern.
    const html = this.#template
      .replace(/<html\b[^>]*>/, () => `<html lang="${escapeAttribute(intlLocaleOf(language))}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(merchant.brand)}</title>`)
      .replace(/<meta name="theme-color" content="[^"]*"/, () => `<meta name="theme-color" content="${colours['--brand-header']}"`)
      .replace('</head>', () => `${head.join('\n    ')}\n  </head>`);
    return { html, styleHashes: [sha256(style)] };
  }
}
