import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A built web app in a temporary folder, for the server to serve: its page and one content-hashed
 * asset with the brotli and gzip copies the build writes beside it.
 */
export interface FakeWebBuild {
  dir: string;
  /** The text of index.html. */
  page: string;
  /** The asset's URL path. */
  asset: string;
  remove(): void;
}

export function fakeWebBuild(): FakeWebBuild {
  const dir = mkdtempSync(join(tmpdir(), 'kartu-web-'));
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta name="theme-color" content="#ffffff" />',
    '    <title>Kartu</title>',
    '    <script type="module" crossorigin src="/assets/app-3f2a.js"></script>',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n');
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), page);
  // What apps/web/build/page-preloads.ts writes: the landing page's chunk, and catalogues by language.
  const preloads = {
    pages: { '/': { files: ['assets/landing-9c1d.js'], namespaces: ['auth'] } },
    entry: 'assets/app-3f2a.js',
    appLoaderScript: 'startApp()',
    catalogues: { en: { common: 'assets/common-en.js', pages: 'assets/pages-en.js', auth: 'assets/auth-en.js' }, id: { common: 'assets/common-id.js', pages: 'assets/pages-id.js', auth: 'assets/auth-id.js' } },
  };
  writeFileSync(join(dir, '.vite', 'page-preloads.json'), JSON.stringify(preloads));
  // What the build's server renderer offers (apps/web/src/entry-server.tsx): here, a page that names its address.
  mkdirSync(join(dir, '.server'));
  writeFileSync(
    join(dir, '.server', 'entry-server.js'),
    [
      "export function pageKeyOf(url) { return url.split('?')[0] === '/' ? url : null; }",
      'export async function renderPage({ url, language }) { return `<main data-rendered-at="${url}">${language}</main>`; }',
      // The wallet's first calls, and a wallet drawn with them (declined when it comes from "plain").
      "export function firstCallsOf(url) { const at = new URL(url, 'http://page.invalid'); return ['/cards', '/v2/cards'].includes(at.pathname) ? ['/api/auth/session', `/api/v2/cards?page=1&view=${at.searchParams.get('view') ?? 'active'}`] : []; }",
      "export async function renderMemberPage({ url, answers }) { return url.includes('utm_source=plain') ? null : `<main>${answers['/api/auth/session'].user.id} at ${url}</main>`; }",
      'export function cataloguesOf(language, namespaces) { return Object.fromEntries(namespaces.map((namespace) => [namespace, { language }])); }',
    ].join('\n'),
  );
  const script = 'console.log("app")';
  writeFileSync(join(dir, 'assets', 'app-3f2a.js'), script);
  writeFileSync(join(dir, 'assets', 'app-3f2a.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'app-3f2a.js.gz'), gzipSync(script));
  return { dir, page, asset: '/assets/app-3f2a.js', remove: () => rmSync(dir, { recursive: true, force: true }) };
}
