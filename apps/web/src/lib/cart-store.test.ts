import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { clearSession, setSession } from './session.ts';
import { sessionUser } from '../test/session.test-support.ts';
import { storageKeys } from '../config/storage-keys.ts';
import { addToCart, cartCountOf, getCart, removeFromCart, replaceCart, setCartQuantity, useCart } from './cart-store.ts';

const cardId = 'card00000000000000000001';
const otherCard = 'card00000000000000000002';
const beans = { id: 'p-beans', type: 'physical', category: { id: 'coffee', name: 'Coffee', isExclusive: false }, isPreciousMetal: false, maxPerOrder: 5 } as const;
const voucher = { id: 'p-voucher', type: 'evoucher', category: { id: 'vouchers', name: 'Vouchers', isExclusive: false }, isPreciousMetal: false, maxPerOrder: 10 } as const;

describe('cart store', () => {
  it('keeps each card its own cart, with what the cart rules need, across a reload', () => {
    addToCart(cardId, beans, 2);
    addToCart(otherCard, voucher, 1);
    expect(JSON.parse(localStorage.getItem(storageKeys.cart) ?? 'null')).toEqual({
      [cardId]: [{ productId: 'p-beans', quantity: 2, type: 'physical', categoryId: 'coffee', categoryIsExclusive: false, isPreciousMetal: false }],
      [otherCard]: [{ productId: 'p-voucher', quantity: 1, type: 'evoucher', categoryId: 'vouchers', categoryIsExclusive: false, isPreciousMetal: false }],
    });
    expect(getCart(otherCard).map((entry) => entry.productId)).toEqual(['p-voucher']);
  });

  it('adds to the quantity of an item already in the cart, never past its maximum per order', () => {
    addToCart(cardId, beans, 2);
    addToCart(cardId, beans, 2);
    expect(getCart(cardId)).toHaveLength(1);
    expect(getCart(cardId)[0]?.quantity).toBe(4);
    addToCart(cardId, beans, 3);
    expect(getCart(cardId)[0]?.quantity).toBe(5);
  });

  it('empties the cart for a product that cannot join it, changes and removes lines', () => {
    addToCart(cardId, beans, 2);
    replaceCart(cardId, voucher, 3);
    expect(getCart(cardId).map((entry) => [entry.productId, entry.quantity])).toEqual([['p-voucher', 3]]);
    setCartQuantity(cardId, 'p-voucher', 7);
    expect(cartCountOf(getCart(cardId))).toBe(7);
    addToCart(otherCard, beans, 1);
    removeFromCart(cardId, 'p-voucher');
    expect(getCart(cardId)).toEqual([]);
    expect(Object.keys(JSON.parse(localStorage.getItem(storageKeys.cart) ?? '{}'))).toEqual([otherCard]);
    removeFromCart(otherCard, 'p-beans');
    expect(localStorage.getItem(storageKeys.cart)).toBeNull();
  });

  it('reads a damaged stored cart as empty', () => {
    localStorage.setItem(storageKeys.cart, `{"${cardId}":[{"productId":1}]}`);
    expect(getCart(cardId)).toEqual([]);
    localStorage.setItem(storageKeys.cart, 'not json');
    expect(getCart(cardId)).toEqual([]);
  });

  it('is emptied by signing out, and its readers see it at once', () => {
    setSession({ user: sessionUser({ id: 'u1' }) });
    addToCart(cardId, beans, 2);
    const { result } = renderHook(() => useCart(cardId));
    expect(cartCountOf(result.current)).toBe(2);
    act(() => clearSession());
    expect(result.current).toEqual([]);
    expect(localStorage.getItem(storageKeys.cart)).toBeNull();
  });
});
