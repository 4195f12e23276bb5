import { describe, expect, it } from 'vitest';
import { pageKeyOf, renderPage } from './entry-server.tsx';
import { testSite } from './test/site.test-support.ts';

describe('the server renderer', () => {
  it('keys a drawn page by what changes it: the sign-in kind and whether a referenceId is there', () => {
    expect(pageKeyOf('/')).toBe('/');
    expect(pageKeyOf('/?utm_source=mail&fbclid=x')).toBe('/');
    expect(pageKeyOf('/?with=email&utm_source=mail')).toBe('/?with=email');
    expect(pageKeyOf('/?with=<script>')).toBe('/');
    expect(pageKeyOf('/?referenceId=ab12&with=phone')).toBe('/?with=phone&referenceId=');
    expect(pageKeyOf('/cards')).toBeNull();
    expect(pageKeyOf('/v2/cards?view=hidden')).toBeNull();
  });

  it('draws the landing page in the site language, and declines what the landing page is not', async () => {
    const input = { url: '/', language: 'id' as const, namespaces: ['auth'] };
    const html = await renderPage({ ...input, site: testSite({ merchant: { brand: 'Teh Manis' } }) });
    expect(html).toContain('Selamat datang di Teh Manis');
    expect(html).toContain('<form');
    expect(html).not.toMatch(/^<link/);
    expect(await renderPage({ ...input, site: testSite({ maintenance: true }) })).toBeNull();
    expect(await renderPage({ ...input, site: testSite({ requireReferenceId: true }) })).toBeNull();
    expect(await renderPage({ ...input, url: '/?referenceId=ab12', site: testSite({ requireReferenceId: true }) })).toContain('<form');
    expect(await renderPage({ ...input, url: '/cards', site: testSite() })).toBeNull();
  });
});
