import { createHash } from 'node:crypto';
import { brandingVariables } from '@kartu/core';
import { describe, expect, it } from 'vitest';
import type { SiteState, SizedImage } from '@kartu/contracts';
import { liftStyleAttributes, PageShell, type PageRenderer } from './page-shell.ts';

const template = [
  '<!doctype html>',
  '<html lang="en">',
  '<head><meta name="theme-color" content="#ffffff" /><title>Kartu</title>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('\n');
const preloads = {
  pages: { '/': { files: ['assets/landing-1.js'], styles: ['assets/landing-1.css'], namespaces: ['auth'] }, '/cards': { files: ['assets/cards-1.js'], namespaces: ['cards'] } },
  catalogues: {
    en: { common: 'assets/common-en.js', pages: 'assets/pages-en.js', auth: 'assets/auth-en.js', cards: 'assets/cards-en.js' },
    my: { common: 'assets/common-my.js', pages: 'assets/pages-my.js', auth: 'assets/auth-my.js', cards: 'assets/cards-my.js' },
  },
  entry: 'assets/index-1.js',
  appLoaderScript: 'startApp()',
  beforeEntry: 'assets/react-start-1.js',
};

function site(
  overrides: { brand?: string; bannerUrl?: string | null; banner?: SizedImage; defaultLanguage?: SiteState['defaultLanguage']; headerColor?: string } = {},
): SiteState {
  const merchant = {
    brand: overrides.brand ?? 'Kopi Senja',
    bannerUrl: overrides.bannerUrl === undefined ? '/brand/banner.svg' : overrides.bannerUrl,
    banner: overrides.banner ?? null,
    headerColor: overrides.headerColor ?? '#4B2E1E',
    buttonColor: '#F96D01',
    buttonTextColor: '#FFFFFF',
    homePage: { headerButtonColor: '#F96D01', headerButtonTextColor: '#FFFFFF' },
  };
  return {
    host: 'kopi.example',
    viewMode: 'default',
    defaultLanguage: overrides.defaultLanguage ?? 'en',
    uiVersion: 'v1',
    maintenance: false,
    active: true,
    requireReferenceId: false,
    merchant,
    branding: brandingVariables(merchant),
  } as unknown as SiteState;
}

const embeddedCatalogues = (html: string) => JSON.parse(/<script type="application\/json" id="kartu-catalogues">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as unknown;
const embedded = (html: string) => JSON.parse(/<script type="application\/json" id="kartu-site">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as unknown;
const styleOf = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';

describe('PageShell', () => {
  const shell = new PageShell(template, preloads);

  it('writes the site into the page: language, name, colours and the site state itself', () => {
    const state = site({ defaultLanguage: 'my' });
    const { html } = shell.pageFor(state, '/');
    expect(html).toContain('<html lang="ms">');
    expect(html).toContain('<title>Kopi Senja</title>');
    expect(html).toContain('<meta name="theme-color" content="#4b2e1e"');
    expect(styleOf(html)).toContain('--brand-header:#4b2e1e');
    expect(styleOf(html)).toContain('--brand-header-text:#ffffff');
    expect(embedded(html)).toEqual(state);
  });

  it('preloads the landing banner and the route and catalogue chunks in the site language', () => {
    const { html } = shell.pageFor(site({ defaultLanguage: 'my' }), '/');
    expect(html).toContain('<link rel="preload" as="image" href="/brand/banner.svg" fetchpriority="high">');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded).toEqual(['/assets/landing-1.js', '/assets/common-my.js', '/assets/pages-my.js', '/assets/auth-my.js']);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/landing-1.css">');
  });

  it('preloads the size of a resized banner that the landing page’s image will pick', () => {
    const banner = { src: '/media/b1/480.webp', srcSet: '/media/b1/480.webp 480w, /media/b1/960.webp 960w', width: 480, height: 270 };
    const { html } = shell.pageFor(site({ bannerUrl: banner.src, banner }), '/');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/b1/480.webp" imagesrcset="/media/b1/480.webp 480w, /media/b1/960.webp 960w" imagesizes="(max-width: 480px) 100vw, 480px" fetchpriority="high">',
    );
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

  describe('with the server renderer', () => {
    function renderingShell(answer: (url: string) => string | null = () => '<main>landing</main>') {
      const calls: { url: string; language: string; namespaces: readonly string[] }[] = [];
      const renderer: PageRenderer = {
        // Like the web's renderer: the landing page only, keyed by its sign-in kind.
        pageKeyOf: (url) => (url.split('?')[0] === '/' ? (/with=email/.test(url) ? '/?with=email' : '/') : null),
        renderPage: async ({ url, language, namespaces }) => {
          calls.push({ url, language, namespaces });
          return answer(url);
        },
        renderMemberPage: async ({ url, answers }) => (url === '/cards' ? `<main style="background:#4b2e1e;color:#ffffff">${String(answers.name)}</main>` : null),
        firstCallsOf: (url) => (url === '/cards' ? ['/api/auth/session'] : []),
        cataloguesOf: (language, namespaces) => Object.fromEntries(namespaces.map((namespace) => [namespace, { hello: `${namespace} in ${language}` }])),
      };
      return { shell: new PageShell(template, preloads, renderer), calls };
    }

    it('puts the landing page’s content in #root, naming the language and namespaces it read', async () => {
      const { shell, calls } = renderingShell();
      const page = await shell.renderedPageFor(site({ defaultLanguage: 'my' }), '/');
      expect(page?.html).toContain('<div id="root" data-rendered-language="my" data-rendered-namespaces="common pages auth"><main>landing</main></div>');
      expect(page?.html).toContain('<title>Kopi Senja</title>');
      expect(page?.styleHashes).toHaveLength(1);
      // What paints goes first: the app's code downloads and starts through the loader once the page has painted.
      expect(page?.html).not.toContain('<script type="module"');
      expect(page?.html).not.toContain('rel="modulepreload"');
      expect(page?.html).toContain('<script data-entry="/assets/index-1.js" data-first="/assets/react-start-1.js" data-preload="/assets/landing-1.js">startApp()</script>');
      // The loader is inline, and its hash lets it run.
      expect(page?.scriptHashes).toEqual([`'sha256-${createHash('sha256').update('startApp()').digest('base64')}'`]);
      // The catalogues its first render read travel in the page, in its language.
      expect(embeddedCatalogues(page?.html ?? '')).toEqual({
        language: 'my',
        catalogues: { common: { hello: 'common in my' }, pages: { hello: 'pages in my' }, auth: { hello: 'auth in my' } },
      });
      expect(page?.html).toContain('<link rel="preload" as="image" href="/brand/banner.svg" fetchpriority="high">');
      // A page the server does not draw starts the app itself, as built.
      expect(shell.pageFor(site(), '/cards').html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      expect(calls).toEqual([{ url: '/', language: 'my', namespaces: ['common', 'pages', 'auth'] }]);
    });

    it('renders a page once per site and page key, whatever else the query holds, and no other path', async () => {
      const { shell, calls } = renderingShell();
      const state = site();
      await shell.renderedPageFor(state, '/');
      await shell.renderedPageFor(state, '/?utm_source=mail');
      await shell.renderedPageFor(site(), '/');
      await shell.renderedPageFor(state, '/?with=email&x=1');
      await shell.renderedPageFor(state, '/?with=email&x=2');
      expect(await shell.renderedPageFor(state, '/cards')).toBeNull();
      expect(calls.map((call) => call.url)).toEqual(['/', '/', '/?with=email&x=1']);
    });

    it('answers null when the renderer declines the address, and tries again after a failed render', async () => {
      expect(await renderingShell(() => null).shell.renderedPageFor(site(), '/')).toBeNull();
      let failures = 1;
      const { shell } = renderingShell(() => {
        if (failures-- > 0) throw new Error('render failed');
        return '<main>second try</main>';
      });
      const state = site();
      await expect(shell.renderedPageFor(state, '/')).rejects.toThrow('render failed');
      expect((await shell.renderedPageFor(state, '/'))?.html).toContain('second try');
    });

    it('renders nothing without an empty #root to fill', async () => {
      const renderer: PageRenderer = {
        pageKeyOf: () => '/',
        renderPage: () => Promise.resolve('<main></main>'),
        renderMemberPage: () => Promise.resolve('<main></main>'),
        firstCallsOf: () => [],
        cataloguesOf: () => ({}),
      };
      const shell = new PageShell(template.replace('<div id="root"></div>', '<div id="app"></div>'), preloads, renderer);
      expect(await shell.renderedPageFor(site(), '/')).toBeNull();
    });

    it('draws a member’s page with the answers to its first calls, keeping none, and says it drew it for a member', async () => {
      const { shell } = renderingShell();
      expect(shell.firstCallsOf('/cards')).toEqual(['/api/auth/session']);
      const page = await shell.memberPageFor(site(), '/cards', 'en', { name: 'Sari' });
      expect(page?.html).toContain('<div id="root" data-rendered-language="en" data-rendered-namespaces="common pages cards" data-rendered-for-member><main data-drawn-style="0">Sari</main></div>');
      expect(page?.html).toContain('<script type="application/json" id="kartu-answers">{"name":"Sari"}</script>');
      // The tile's colours, which the policy would refuse as a style attribute, come from a style element it allows by hash.
      expect(page?.html).toContain('<style>#root [data-drawn-style="0"]{background:#4b2e1e;color:#ffffff}</style>');
      expect(page?.styleHashes).toHaveLength(2);
      const other = await shell.memberPageFor(site(), '/cards', 'en', { name: 'Budi' });
      expect(other?.html).toContain('Budi');
      expect(other?.html).not.toContain('Sari');
      expect(await shell.memberPageFor(site(), '/cards/123', 'en', { name: 'Sari' })).toBeNull();
    });
  });

  describe('liftStyleAttributes', () => {
    it('moves each distinct style attribute into one rule, and leaves any that could break out of a style element', () => {
      const { content, style } = liftStyleAttributes(
        '<p style="color:#111111">a</p><p style="color:#111111">b</p><p style="font-family:&quot;Noto Sans&quot;">c</p><p style="color:red}&lt;/style&gt;">d</p>',
      );
      expect(content).toBe(
        '<p data-drawn-style="0">a</p><p data-drawn-style="0">b</p><p data-drawn-style="1">c</p><p style="color:red}&lt;/style&gt;">d</p>',
      );
      expect(style).toBe('#root [data-drawn-style="0"]{color:#111111}#root [data-drawn-style="1"]{font-family:"Noto Sans"}');
      expect(liftStyleAttributes('<p>plain</p>')).toEqual({ content: '<p>plain</p>', style: null });
    });
  });
});
