import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SiteState } from '@kartu/contracts';
import { PageShell } from './page-shell.ts';

const template = [
  '<!doctype html>',
  '<html lang="en">',
  '<head><meta name="theme-color" content="#ffffff" /><title>Kartu</title>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('\n');
const preloads = {
  pages: { '/': { files: ['assets/landing-1.js'], namespaces: ['auth'] }, '/cards': { files: ['assets/cards-1.js'], namespaces: ['cards'] } },
  catalogues: {
    en: { common: 'assets/common-en.js', pages: 'assets/pages-en.js', auth: 'assets/auth-en.js', cards: 'assets/cards-en.js' },
    my: { common: 'assets/common-my.js', pages: 'assets/pages-my.js', auth: 'assets/auth-my.js', cards: 'assets/cards-my.js' },
  },
};

function site(overrides: { brand?: string; bannerUrl?: string | null; defaultLanguage?: SiteState['defaultLanguage']; headerColor?: string } = {}): SiteState {
  return {
    host: 'kopi.example',
    viewMode: 'default',
    defaultLanguage: overrides.defaultLanguage ?? 'en',
    uiVersion: 'v1',
    maintenance: false,
    active: true,
    requireReferenceId: false,
    merchant: {
      brand: overrides.brand ?? 'Kopi Senja',
      bannerUrl: overrides.bannerUrl === undefined ? '/brand/banner.svg' : overrides.bannerUrl,
      headerColor: overrides.headerColor ?? '#4B2E1E',
      buttonColor: '#F96D01',
      buttonTextColor: '#FFFFFF',
      homePage: { headerButtonColor: '#F96D01', headerButtonTextColor: '#FFFFFF' },
    },
  } as unknown as SiteState;
}

const embedded = (html: string) => JSON.parse(/<script type="application\/json" id="kartu-site">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as unknown;
const styleOf = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';

describe('PageShell', () => {
  const shell = new PageShell(template, preloads);

  it('writes the site into the page: language, name, colours and the site state itself', () => {
    const state = site({ defaultLanguage: 'my' });
    const { html } = shell.pageFor(state, '/');
    expect(html).toContain('<html lang="ms">');
    expect(html).toContain('<title>Kopi Senja</title>');
    expect(html).toContain('<meta name="theme-color" content="#4B2E1E"');
    expect(styleOf(html)).toContain('--brand-header:#4B2E1E');
    expect(styleOf(html)).toContain('--brand-header-text:#ffffff');
    expect(embedded(html)).toEqual(state);
  });

  it('preloads the landing banner and the route and catalogue chunks in the site language', () => {
    const { html } = shell.pageFor(site({ defaultLanguage: 'my' }), '/');
    expect(html).toContain('<link rel="preload" as="image" href="/brand/banner.svg" fetchpriority="high">');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded).toEqual(['/assets/landing-1.js', '/assets/common-my.js', '/assets/pages-my.js', '/assets/auth-my.js']);
  });

  it('preloads the wallet’s chunks on /cards, no banner there, and only the boot catalogues elsewhere', () => {
    const cards = shell.pageFor(site(), '/cards').html;
    expect(cards).not.toContain('as="image"');
    expect(cards).toContain('href="/assets/cards-1.js"');
    expect(cards).toContain('href="/assets/cards-en.js"');
    const other = shell.pageFor(site(), '/settings').html;
    const preloaded = [...other.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]);
    expect(preloaded).toEqual(['/assets/common-en.js', '/assets/pages-en.js']);
  });

  it('gives the hash of its inline style for the content security policy', () => {
    const page = shell.pageFor(site(), '/');
    const digest = createHash('sha256').update(styleOf(page.html)).digest('base64');
    expect(page.styleHashes).toEqual([`'sha256-${digest}'`]);
  });

  it('keeps whatever a merchant typed from breaking out of the page', () => {
    const state = site({ brand: 'Kopi </script><script>alert(1)</script> $& Co', bannerUrl: '/b.svg"><script>', headerColor: 'red;}</style>' });
    const { html } = shell.pageFor(state, '/');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<title>Kopi &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; Co</title>');
    expect(html).toContain('href="/b.svg&quot;&gt;&lt;script&gt;"');
    expect(styleOf(html)).toContain('--brand-header:#ffffff');
    expect(embedded(html)).toEqual(state);
  });

  it('renders a site’s page once, and never hands one site’s page to another', () => {
    const first = site();
    expect(shell.pageFor(first, '/')).toBe(shell.pageFor(first, '/'));
    const other = site({ brand: 'Lumina Beauty' });
    expect(shell.pageFor(other, '/').html).toContain('<title>Lumina Beauty</title>');
    expect(shell.pageFor(first, '/').html).toContain('<title>Kopi Senja</title>');
  });

  it('sends the page as built when there is no site, and refuses a template it cannot write into', () => {
    expect(shell.plain.html).toBe(template);
    expect(() => new PageShell('<html><body></body></html>')).toThrow(/<\/head>/);
  });
});
