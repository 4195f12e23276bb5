import { describe, it, expect } from 'vitest';
import { requireCardId, requireActiveSubscription, requireShop } from './card-guards.ts';

describe('requireCardId', () => {
  it('sends a card page without a cardId to /cards', () => {
    expect(requireCardId(undefined)).toBe('/cards');
    expect(requireCardId(' ')).toBe('/cards');
  });
  it('lets a card page with a cardId through', () => {
    expect(requireCardId('64f1c2a9e4b0a1b2c3d4e5f6')).toBeNull();
  });
});

describe('requireActiveSubscription', () => {
  const cardId = 'club00000000000000000001';
  it("sends an expired subscription's card sub-pages to the card page", () => {
    expect(requireActiveSubscription({ programType: 'subscription', subscription: { isExpired: true, status: 'expired', endsAt: null } }, cardId)).toBe(`/cards/${cardId}`);
    expect(requireActiveSubscription({ programType: 'subscription', subscription: { isExpired: true, status: 'inactive', endsAt: null } }, cardId)).toBe(`/cards/${cardId}`);
  });

  it('lets a running or cancelled subscription, and any other program, through', () => {
    expect(requireActiveSubscription({ programType: 'subscription', subscription: { isExpired: false, status: 'active', endsAt: null } }, cardId)).toBeNull();
    expect(requireActiveSubscription({ programType: 'subscription', subscription: { isExpired: false, status: 'cancelled', endsAt: null } }, cardId)).toBeNull();
    expect(requireActiveSubscription({ programType: 'points', subscription: null }, cardId)).toBeNull();
  });
});

describe('requireShop', () => {
  it('sends the shop of a card whose program shows no shop to the feature-locked page, naming the catalog', () => {
    expect(requireShop({ visualAttributes: {} })).toBe('/feature-locked?feature=catalog');
    expect(requireShop({ visualAttributes: { showBtnShop: false, showLevels: true } })).toBe('/feature-locked?feature=catalog');
  });

  it('lets the shop of a card whose program shows it through', () => {
    expect(requireShop({ visualAttributes: { showBtnShop: true } })).toBeNull();
  });
});
