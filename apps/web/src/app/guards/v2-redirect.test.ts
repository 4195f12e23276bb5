import { describe, it, expect } from 'vitest';
import { paths } from '../../config/paths.ts';
import { v2RouteNameOf, v2RoutePatterns } from '../../config/v2-routes.ts';
import { v2Redirect } from './v2-redirect.ts';

const v2 = { uiVersion: 'v2' as const };
const v1 = { uiVersion: 'v1' as const };

describe('v2Redirect', () => {
  it('prefixes a named route with /v2 and keeps the query on a v2 site', () => {
    expect(v2Redirect('cards', { pathname: '/cards', search: '?x=1' }, v2)).toBe('/v2/cards?x=1');
  });
  it('leaves v1 sites alone', () => {
    expect(v2Redirect('cards', { pathname: '/cards', search: '' }, v1)).toBeNull();
  });
  it('leaves routes without a v2 counterpart alone', () => {
    expect(v2Redirect('cards-cardId-transfer-point', { pathname: '/cards/a/transfer-point', search: '' }, v2)).toBeNull();
    expect(v2Redirect(null, { pathname: '/profile', search: '' }, v2)).toBeNull();
  });
  it('does not prefix a path already under /v2', () => {
    expect(v2Redirect('cards', { pathname: '/v2/cards', search: '' }, v2)).toBeNull();
  });
});

describe('v2RouteNameOf', () => {
  it('names card pages the way the v2 list does', () => {
    expect(v2RouteNameOf('/cards/abc/catalogs/shop')).toBe('cards-cardId-catalogs-shop');
    expect(v2RouteNameOf('/cards/abc/privileges/7')).toBe('cards-cardId-privileges-privilege-id');
    expect(v2RouteNameOf('/egifts/stacks')).toBe('egifts-stacks-egiftId');
    expect(v2RouteNameOf('/cards/abc/transfer-point')).toBeNull();
    // A literal segment is not a card id: these pages have no v2 counterpart.
    expect(v2RouteNameOf('/cards/add-card')).toBeNull();
    expect(v2RouteNameOf('/cards/add')).toBeNull();
    expect(v2RouteNameOf('/cards/add/6012345678901234')).toBeNull();
    expect(v2RouteNameOf('/cards/card00000000000000000001')).toBe('cards-cardId');
  });

  // Every page whose second segment under /cards is a word, not a card id: today add-card and
  // add/{cardNo}; any page added under /cards later is covered the moment it enters paths.ts.
  const literalCardPaths = Object.values(paths)
    .map((route) => route.path as string)
    .filter((path) => path.startsWith('/cards/') && !path.split('/')[2]!.startsWith(':'));

  it.each(literalCardPaths)('never reads %s as a card on a v2 merchant', (pattern) => {
    const pathname = pattern.replace(/\/:\w+\??/g, '/6012345678901234');
    const name = v2RouteNameOf(pathname);
    // Whatever it is called, it is the page of its own pattern, never the card page's.
    if (name !== null) expect(v2RoutePatterns[name]).toBe(pattern);
    expect(v2Redirect(name, { pathname, search: '' }, v2)).not.toBe(`/v2/cards/${pathname.split('/')[2]}`);
  });

  it('finds the literal paths it checks', () => {
    expect(literalCardPaths).toEqual(expect.arrayContaining(['/cards/add-card', '/cards/add/:cardNo?']));
  });
});
