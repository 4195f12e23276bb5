import { describe, expect, it } from 'vitest';
import { cataloguesOf, firstCallsOf, pageKeyOf, renderMemberPage, renderPage } from './entry-server.tsx';
import { cardListItem } from './features/cards/cards.test-support.ts';
import { sessionUser } from './test/session.test-support.ts';
import { testSite } from './test/site.test-support.ts';

/** What the wallet's first calls answer for a member with these cards. */
function walletAnswers(name: string, cards = [cardListItem({ programName: 'Kopi Senja Rewards' }), cardListItem({ id: 'card00000000000000000002', programName: 'Kopi Stamps' })]) {
  return {
    '/api/auth/session': { user: sessionUser({ name }), loginType: 'otp', pinRequired: false, needSetPhone: false },
    '/api/v2/cards?page=1&view=active': { data: cards, page: 1, count: cards.length },
    '/api/v2/cards/my-vouchers-count': { data: { count: 3 } },
    '/api/v2/inbox/unreads-inbox': { data: { count: 120 } },
  };
}

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

  it('carries the site’s country, named in the page’s language, beside the catalogues, and draws the phone field with that name', async () => {
    const site = testSite({ merchant: { phoneRegion: { code: 'MY', dialCode: '60' } } });
    const catalogues = cataloguesOf('ja', ['common', 'auth'], site);
    expect(Object.keys(catalogues).sort()).toEqual(['auth', 'common', 'regions']);
    expect(catalogues.regions).toEqual({ MY: 'マレーシア' });
    const html = await renderPage({ site, url: '/', language: 'ja', namespaces: ['auth'] });
    expect(html).toContain('マレーシア');
  });

  it('names the wallet’s first calls as the app makes them, in the view its address asks for', () => {
    expect(firstCallsOf('/cards')).toEqual(['/api/auth/session', '/api/v2/cards?page=1&view=active', '/api/v2/cards/my-vouchers-count', '/api/v2/inbox/unreads-inbox']);
    expect(firstCallsOf('/v2/cards?view=hidden&utm_source=mail')).toEqual(['/api/auth/session', '/api/v2/cards?page=1&view=hidden', '/api/v2/cards/my-vouchers-count', '/api/v2/inbox/unreads-inbox']);
    expect(firstCallsOf('/cards?view=<script>')).toEqual(['/api/auth/session', '/api/v2/cards?page=1&view=active', '/api/v2/cards/my-vouchers-count', '/api/v2/inbox/unreads-inbox']);
    expect(firstCallsOf('/')).toEqual([]);
    expect(firstCallsOf('/cards/card00000000000000000001')).toEqual([]);
  });

  it('draws a member’s wallet from the answers to its first calls, each member’s own at once', async () => {
    const input = { site: testSite(), url: '/cards', language: 'en' as const, namespaces: ['cards'] };
    const [sari, budi] = await Promise.all([
      renderMemberPage({ ...input, answers: walletAnswers('Sari Wulandari') }),
      renderMemberPage({ ...input, answers: walletAnswers('Budi Santoso', [cardListItem({ programName: 'Teh Club' })]) }),
    ]);
    expect(sari).toContain('Hi, Sari Wulandari');
    expect(sari).toContain('Kopi Senja Rewards');
    expect(sari).toContain('Kopi Stamps');
    expect(sari).toContain('aria-label="My vouchers, 3 available"');
    expect(sari).toContain('aria-label="Inbox, 120 unread"');
    expect(sari).toContain('>99+</span>');
    expect(sari).not.toContain('Budi');
    expect(budi).toContain('Hi, Budi Santoso');
    expect(budi).toContain('Teh Club');
    expect(budi).not.toContain('Kopi Stamps');
    const indonesian = await renderMemberPage({ ...input, language: 'id', answers: walletAnswers('Sari') });
    expect(indonesian).toContain('Kartu saya');
  });

  it('declines a member’s page it does not draw, answers it cannot use, and a page that sends the member elsewhere', async () => {
    const input = { site: testSite(), url: '/cards', language: 'en' as const, namespaces: ['cards'], answers: walletAnswers('Sari') };
    expect(await renderMemberPage({ ...input, url: '/cards/card00000000000000000001' })).toBeNull();
    expect(await renderMemberPage({ ...input, answers: { ...input.answers, '/api/auth/session': { user: 'nobody' } } })).toBeNull();
    expect(await renderMemberPage({ ...input, answers: { '/api/auth/session': input.answers['/api/auth/session'] } })).toBeNull();
    // Redirects: maintenance, a v2 merchant's v1 address, single-card mode (one card, no add-card button).
    expect(await renderMemberPage({ ...input, site: testSite({ maintenance: true }) })).toBeNull();
    const v2 = testSite({ uiVersion: 'v2', merchant: { uiVersion: 'v2' } });
    expect(await renderMemberPage({ ...input, site: v2 })).toBeNull();
    expect(await renderMemberPage({ ...input, site: v2, url: '/v2/cards' })).toContain('Hi, Sari');
    const oneCard = walletAnswers('Sari', [cardListItem()]);
    expect(await renderMemberPage({ ...input, answers: oneCard, site: testSite({ merchant: { homePage: { ...testSite().merchant.homePage, addCardButton: false } } }) })).toBeNull();
    expect(await renderMemberPage({ ...input, answers: oneCard })).toContain('Hi, Sari');
  });
});
