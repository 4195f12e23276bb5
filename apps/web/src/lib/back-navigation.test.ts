import { describe, it, expect } from 'vitest';
import { decideBack, type BackContext } from './back-navigation.ts';

const base: BackContext = {
  routeName: undefined,
  cardId: 'c1',
  query: new URLSearchParams(),
  hasBackListener: false,
  hasHistory: true,
};

describe('decideBack', () => {
  it('goes from a reward detail to its card', () => {
    expect(decideBack({ ...base, routeName: 'reward-detail' })).toEqual({ kind: 'navigate', to: '/cards/c1' });
  });
  it('goes from a just-bought e-gift to the card vouchers', () => {
    const query = new URLSearchParams('recentlyPurchased=true');
    expect(decideBack({ ...base, routeName: 'egifts-egiftId', query })).toEqual({ kind: 'navigate', to: '/cards/c1/vouchers' });
  });
  it('treats an e-gift detail without recentlyPurchased like any page', () => {
    expect(decideBack({ ...base, routeName: 'egifts-egiftId' })).toEqual({ kind: 'history' });
  });
  it('goes from a card detail to the card list', () => {
    expect(decideBack({ ...base, routeName: 'card-detail' })).toEqual({ kind: 'navigate', to: '/cards' });
  });
  it('lets a back listener handle it when one exists', () => {
    expect(decideBack({ ...base, hasBackListener: true })).toEqual({ kind: 'emit' });
  });
  it('goes back in history, or home when the visit started here', () => {
    expect(decideBack(base)).toEqual({ kind: 'history' });
    expect(decideBack({ ...base, hasHistory: false })).toEqual({ kind: 'navigate', to: '/' });
  });
});
