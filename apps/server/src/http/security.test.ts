import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('security headers', () => {
  it('lets an API answer load, frame or run nothing', async () => {
    const response = await testApp.app.inject({ url: '/api/site', headers: { host: 'localhost' } });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the pages a strict content security policy', async () => {
    const response = await testApp.app.inject({ url: '/cards', headers: { host: 'localhost' } });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toMatch(/frame-ancestors '(none|self)'/);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
  });

  it("lets pages reach only their own origin, and a card-tokenising provider's API where one has keys", async () => {
    const policy = String((await testApp.app.inject({ url: '/cards', headers: { host: 'localhost' } })).headers['content-security-policy']);
    expect(policy).toMatch(/connect-src 'self'(;|$)/);
    const withMidtrans = await createTestApp({ env: { MIDTRANS_SERVER_KEY: 'SB-Mid-server-test', MIDTRANS_CLIENT_KEY: 'SB-Mid-client-test', MIDTRANS_CORE_API_URL: 'https://api.sandbox.midtrans.com' } });
    try {
      const page = await withMidtrans.app.inject({ url: '/cards', headers: { host: 'localhost' } });
      expect(String(page.headers['content-security-policy'])).toMatch(/connect-src 'self' https:\/\/api\.sandbox\.midtrans\.com(;|$)/);
    } finally {
      await withMidtrans.close();
    }
  });

  it("allows Xendit's API to pages only where a Xendit public key is set", async () => {
    const xenditKeys = { XENDIT_SECRET_KEY: 'xnd_development_secret_test', XENDIT_CALLBACK_TOKEN: 'callback-token-of-the-test-0123' };
    const withoutPublicKey = await createTestApp({ env: xenditKeys });
    try {
      const page = await withoutPublicKey.app.inject({ url: '/cards', headers: { host: 'localhost' } });
      expect(String(page.headers['content-security-policy'])).toMatch(/connect-src 'self'(;|$)/);
    } finally {
      await withoutPublicKey.close();
    }
    const withPublicKey = await createTestApp({ env: { ...xenditKeys, XENDIT_PUBLIC_KEY: 'xnd_public_development_test' } });
    try {
      const page = await withPublicKey.app.inject({ url: '/cards', headers: { host: 'localhost' } });
      expect(String(page.headers['content-security-policy'])).toMatch(/connect-src 'self' https:\/\/api\.xendit\.co(;|$)/);
    } finally {
      await withPublicKey.close();
    }
  });

  it('forbids sniffing and sets HSTS on API answers and pages, and the pages their referrer and frame policies', async () => {
    for (const url of ['/api/health', '/cards']) {
      const response = await testApp.app.inject({ url, headers: { host: 'localhost' } });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    const page = await testApp.app.inject({ url: '/cards', headers: { host: 'localhost' } });
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the build’s scripts and styles only the headers a file needs, and a policy that allows nothing', async () => {
    const response = await testApp.app.inject({ url: '/assets/app-3f2a.js', headers: { host: 'localhost' } });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    for (const pageOnly of ['referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control']) {
      expect(response.headers[pageOnly], pageOnly).toBeUndefined();
    }
  });

  it.each([
    ['/api/site', 200],
    ['/api/nope', 404],
  ])('marks the API answer of %s no-store', async (url, status) => {
    const response = await testApp.app.inject({ url, headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('relaxes style-src for the API docs page only', async () => {
    const docs = await testApp.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    expect(String(docs.headers['content-security-policy'])).toContain("object-src 'none'");
  });

  it('publishes the OpenAPI document with the tenancy routes and their error answers', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, { get: { responses: Record<string, unknown> } }> }>();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/site', '/api/v2/merchants/{id}', '/api/health']));
    expect(Object.keys(document.paths['/api/v2/merchants/{id}']?.get.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '404']),
    );
  });
});
