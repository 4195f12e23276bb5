import { describe, it, expect } from 'vitest';
import { cardMenuItems, showsShopButton } from './card-menu-items.ts';

describe('cardMenuItems', () => {
  it('keeps the program order and only the pages whose visual attribute is on', () => {
    const menus = ['levels', 'transaction-history', 'transfer-point', 'claim-rewards'];
    const visualAttributes = { showLevels: true, showTransactionHistory: true, showTransferPoint: false };
    expect(cardMenuItems({ menus, visualAttributes })).toEqual(['levels', 'transaction-history']);
  });

  it('leaves out pages this app does not have and repeated entries', () => {
    const visualAttributes = { showLevels: true, showCatalogs: true };
    expect(cardMenuItems({ menus: ['catalogs', 'levels', 'levels'], visualAttributes })).toEqual(['levels']);
  });
});

describe('showsShopButton', () => {
  it('shows the shop only on an active card that has the attribute', () => {
    expect(showsShopButton({ isCardActive: true, visualAttributes: { showBtnShop: true } })).toBe(true);
    expect(showsShopButton({ isCardActive: false, visualAttributes: { showBtnShop: true } })).toBe(false);
    expect(showsShopButton({ isCardActive: true, visualAttributes: {} })).toBe(false);
  });
});
