import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.ts';
import { createTestApp, merchantIdOf, type TestApp, testEnv } from '../test/test-app.ts';
import { updateMerchantSettings } from '../cli/operator.repository.ts';
import { fakeWebBuild, type FakeWebBuild } from '../test/web-build.ts';
import { newMember } from '../test/members.ts';

let testApp: TestApp;
let builtApp: FastifyInstance;
let build: FakeWebBuild;

beforeAll(async () => {
  build = fakeWebBuild();
  testApp = await createTestApp();
  builtApp = await createApp({ env: testEnv({ WEB_DIST_DIR: build.dir }), database: testApp.db, clock: testApp.clock });
});
afterAll(async () => {
  await builtApp.close();
  await testApp.close();
  build.remove();
});

describe('web app', () => {
  it.each(['/', '/cards/123', '/cards/123/vouchers?utm_source=mail'])('answers %s with the page written for the site, revalidated each time', async (url) => {
    const response = await builtApp.inject({ url, headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const site = await builtApp.inject({ url: '/api/site', headers: { host: 'localhost' } });
    const embedded = /<script type="application\/json" id="kartu-site">(.*?)<\/script>/s.exec(response.body)?.[1];
    expect(JSON.parse(embedded ?? 'null')).toEqual(site.json());
    expect(response.body).toContain(`<title>${site.json<{ merchant: { brand: string } }>().merchant.brand}</title>`);
    // The app starts from its entry, directly or, on the page the server drew, through the loader.
    expect(response.body).toMatch(/<script (type="module" crossorigin src|data-entry)="\/assets\/app-3f2a\.js"/);
  });

  it('preloads the landing page’s banner and chunks, and lets only its own inline style run', async () => {
    const response = await builtApp.inject({ url: '/?utm_source=mail', headers: { host: 'localhost' } });
    expect(response.body).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high">/);
    expect(response.body).toContain('data-preload="/assets/landing-9c1d.js"');
    // Its catalogues travel in the page, not as scripts of their own.
    expect(response.body).toContain('<script type="application/json" id="kartu-catalogues">{"language":"en","catalogues":{"common":{"language":"en"},"pages":{"language":"en"},"auth":{"language":"en"}}}</script>');
    const style = /<style>(.*?)<\/style>/s.exec(response.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    // Of scripts, its own origin's and the inline loader, by its hash.
    expect(response.body).toContain('data-preload="/assets/landing-9c1d.js">startApp()</script>');
    const loader = createHash('sha256').update('startApp()').digest('base64');
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${loader}';`);
  });

  it('renders the landing page’s content into the page for a visitor without a session, and not for one with it', async () => {
    const visitor = await builtApp.inject({ url: '/?with=email', headers: { host: 'localhost' } });
    expect(visitor.body).toContain('<div id="root" data-rendered-language="en" data-rendered-namespaces="common pages auth"><main data-rendered-at="/?with=email">en</main></div>');
    const member = await builtApp.inject({ url: '/', headers: { host: 'localhost', cookie: 'kartu_session=some-token' } });
    expect(member.body).toContain('<div id="root"></div>');
    const otherPage = await builtApp.inject({ url: '/cards', headers: { host: 'localhost' } });
    expect(otherPage.body).toContain('<div id="root"></div>');
  });

  it('draws the page in the language the visitor chose (its cookie), and in the site’s own for anything else', async () => {
    const chosen = await builtApp.inject({ url: '/', headers: { host: 'localhost', cookie: 'kartu_lang=id' } });
    expect(chosen.body).toContain('<html lang="id">');
    expect(chosen.body).toContain('data-rendered-language="id"');
    expect(chosen.body).toContain('id="kartu-catalogues">{"language":"id",');
    const unknown = await builtApp.inject({ url: '/', headers: { host: 'localhost', cookie: 'kartu_lang="><script>' } });
    expect(unknown.body).toContain('<html lang="en">');
    expect(unknown.body).toContain('data-rendered-language="en"');
  });

  it('answers a sign-in form sent before the app ran it with the page again, dropping what it carried', async () => {
    const response = await builtApp.inject({
      method: 'POST',
      url: '/?with=email',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=081234567890&consent=on',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/?with=email');
  });

  it('draws a member’s wallet with the answers to its first calls and writes them into the page, which is never stored', async () => {
    const member = await newMember(testApp);
    const cookie = `kartu_session=${member.token}`;
    const response = await builtApp.inject({ url: '/cards?view=hidden', headers: { host: 'localhost', cookie } });
    expect(response.headers['cache-control']).toBe('no-store');
    const answers = JSON.parse(/<script type="application\/json" id="kartu-answers">(.*?)<\/script>/s.exec(response.body)?.[1] ?? 'null') as Record<string, unknown>;
    expect(Object.keys(answers)).toEqual(['/api/auth/session', '/api/v2/cards?page=1&view=hidden']);
    for (const url of Object.keys(answers)) {
      const direct = await builtApp.inject({ url, headers: { host: 'localhost', cookie } });
      expect(answers[url]).toEqual(direct.json());
    }
    expect(response.body).toContain(`data-rendered-for-member><main>${member.userId} at /cards?view=hidden</main></div>`);
    // A page the renderer declines goes out with the answers, for the app to render from them.
    const declined = await builtApp.inject({ url: '/cards?utm_source=plain', headers: { host: 'localhost', cookie } });
    expect(declined.headers['cache-control']).toBe('no-store');
    expect(declined.body).toContain('id="kartu-answers"');
    expect(declined.body).toContain('<div id="root"></div>');
  });

  it('sends a stale session’s wallet page without answers, for the app to find out and sign the member out', async () => {
    const response = await builtApp.inject({ url: '/cards', headers: { host: 'localhost', cookie: 'kartu_session=not-a-session' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('kartu-answers');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the page as built to a host that has no site, which then boots into the app’s answer', async () => {
    const response = await builtApp.inject({ url: '/', headers: { host: 'nobody.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(build.page);
    expect(response.headers['content-security-policy']).toContain("style-src 'self';");
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await builtApp.inject({ url: build.asset });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['last-modified']).toBeUndefined();
    expect(response.headers['accept-ranges']).toBeUndefined();
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
  ])('sends the copy compressed at build time to a browser accepting %s', async (acceptEncoding, encoding) => {
    const response = await builtApp.inject({ url: build.asset, headers: { 'accept-encoding': acceptEncoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain('javascript');
    const decoded = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
    expect(decoded.toString()).toBe('console.log("app")');
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const response = await builtApp.inject({ url: build.asset, headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.body).toBe('console.log("app")');
  });

  it('compresses API answers of 1 KB and more, and leaves smaller ones as they are', async () => {
    const large = await builtApp.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('openapi');
    const small = await builtApp.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const response = await builtApp.inject({ url: '/assets/gone-1234.js' });
    expect(response.statusCode).toBe(404);
  });

  it('answers a missing picture with a JSON 404 rather than the page, even to a browser', async () => {
    for (const url of ['/media/', '/media/nope', '/media/a/b/343.webp']) {
      const response = await builtApp.inject({ url, headers: { host: 'localhost', accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it("lets a page load the merchant's tag manager and pixel from their hosts only when the merchant has set them", async () => {
    const policyOf = async (host: string) => String((await builtApp.inject({ url: '/cards', headers: { host } })).headers['content-security-policy']);
    expect(await policyOf('localhost')).not.toContain('googletagmanager');
    const haze = await merchantIdOf(testApp.db, 'HAZEMNL');
    await updateMerchantSettings(testApp.db, haze, { gaId: 'G-KARTU1234', fbPixelId: '1234567890' });
    const policy = await policyOf('age.localhost');
    expect(policy).toMatch(/script-src 'self'[^;]* https:\/\/www\.googletagmanager\.com https:\/\/connect\.facebook\.net/);
    expect(policy).toMatch(/connect-src 'self'[^;]* https:\/\/www\.google-analytics\.com [^;]*https:\/\/www\.facebook\.com/);
    // Another merchant's pages stay as they were.
    expect(await policyOf('localhost')).not.toMatch(/googletagmanager|facebook/);
    await updateMerchantSettings(testApp.db, haze, { gaId: null, fbPixelId: null });
  });

  it('keeps unknown /api paths a JSON 404', async () => {
    const response = await builtApp.inject({ url: '/api/nope', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('serves the development pages outside production only', async () => {
    const here = await builtApp.inject({ url: '/dev/ui', headers: { host: 'localhost', accept: 'text/html' } });
    expect(here.statusCode).toBe(200);
    expect(here.headers['content-type']).toContain('text/html');
    const production = await createApp({
      env: testEnv({ NODE_ENV: 'production', CODE_SECRET: 'a-production-secret-of-at-least-32-characters', WEB_DIST_DIR: build.dir }),
      database: testApp.db,
      clock: testApp.clock,
    });
    try {
      const gone = await production.inject({ url: '/dev/ui', headers: { host: 'localhost', accept: 'text/html' } });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).not.toContain('<html');
      const page = await production.inject({ url: '/cards', headers: { host: 'localhost', accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('says to build the web app when its folder is missing', async () => {
    const response = await testApp.app.inject({ url: '/cards/123' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
  });
});
