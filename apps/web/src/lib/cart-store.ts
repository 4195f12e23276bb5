import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { PRODUCT_TYPES, type CartRuleProduct } from '@kartu/core/cart';
import type { CartItem, ProductSummary } from '@kartu/contracts';
import { storageKeys } from '../config/storage-keys.ts';
import { createLocalStore } from './local-store.ts';
import { subscribeSession } from './session.ts';

/*
 * The member's carts, one per card, kept on the device (spec app-core §3 shopping cart) under the
 * one cart key that logout wipes with the other signed-in keys (§4). Each item carries what the cart
 * rules need (cartConflictOf), so adding never waits for the network; prices come from the server.
 */

const cartEntrySchema = z.object({
  productId: z.string().min(1),
  quantity: z.number().int().min(1),
  type: z.enum(PRODUCT_TYPES),
  categoryId: z.string(),
  categoryIsExclusive: z.boolean(),
  isPreciousMetal: z.boolean(),
  /** The value chosen for a custom-value product, in minor units (the server checks its range). */
  value: z.number().int().min(0).optional(),
});
export type CartEntry = z.infer<typeof cartEntrySchema>;
type StoredCarts = Readonly<Record<string, readonly CartEntry[]>>;

const empty: readonly CartEntry[] = Object.freeze([]);
/** Every card's cart, by card id. */
const store = createLocalStore<StoredCarts>({
  key: storageKeys.cart,
  schema: z.record(z.string(), z.array(cartEntrySchema)),
  empty: {},
  isEmpty: (carts) => Object.keys(carts).length === 0,
});

/** The card's cart as stored now; the same array while it does not change. */
export function getCart(cardId: string): readonly CartEntry[] {
  return store.read()[cardId] ?? empty;
}

function write(cardId: string, entries: readonly CartEntry[]): void {
  const { [cardId]: _replaced, ...others } = store.read();
  store.write(entries.length > 0 ? { ...others, [cardId]: entries } : others);
}

/** Another tab's change, or a sign-out (which wipes the carts), reaches every reader too. */
export function subscribeCart(listener: () => void): () => void {
  const stopStore = store.subscribe(listener);
  const stopSession = subscribeSession(listener);
  return () => {
    stopStore();
    stopSession();
  };
}

/** What the cart rules need to know of a product. */
export function cartRuleProductOf(product: Pick<ProductSummary, 'id' | 'type' | 'category' | 'isPreciousMetal'>): CartRuleProduct {
  return {
    productId: product.id,
    type: product.type,
    categoryId: product.category.id,
    categoryIsExclusive: product.category.isExclusive,
    isPreciousMetal: product.isPreciousMetal,
  };
}

type AddedProduct = Pick<ProductSummary, 'id' | 'type' | 'category' | 'isPreciousMetal' | 'maxPerOrder'>;

/**
 * Adds `quantity` of a product; one already in the cart takes the sum, capped at its maximum per
 * order (spec app-core §5). A custom-value product takes the `value` chosen now. The caller asks
 * cartConflictOf first.
 */
export function addToCart(cardId: string, product: AddedProduct, quantity: number, value?: number): void {
  const cart = getCart(cardId);
  const existing = cart.find((entry) => entry.productId === product.id);
  const total = Math.max(1, Math.min((existing?.quantity ?? 0) + quantity, product.maxPerOrder));
  const entry: CartEntry = { ...cartRuleProductOf(product), quantity: total, ...(value !== undefined && { value }) };
  write(cardId, existing ? cart.map((item) => (item.productId === product.id ? entry : item)) : [...cart, entry]);
}

/** Empties the cart and puts the product in alone: the answer to a cart the product cannot join. */
export function replaceCart(cardId: string, product: AddedProduct, quantity: number, value?: number): void {
  write(cardId, [{ ...cartRuleProductOf(product), quantity: Math.max(1, Math.min(quantity, product.maxPerOrder)), ...(value !== undefined && { value }) }]);
}

/** What the server prices of the cart: each product, its quantity and any value chosen. */
export function cartItemsOf(cart: readonly CartEntry[]): CartItem[] {
  return cart.map(({ productId, quantity, value }) => ({ productId, quantity, ...(value !== undefined && { value }) }));
}

export function setCartQuantity(cardId: string, productId: string, quantity: number): void {
  write(cardId, getCart(cardId).map((entry) => (entry.productId === productId ? { ...entry, quantity: Math.max(1, quantity) } : entry)));
}

export function removeFromCart(cardId: string, productId: string): void {
  write(cardId, getCart(cardId).filter((entry) => entry.productId !== productId));
}

/** The order is placed: the card's cart starts again empty. */
export function clearCart(cardId: string): void {
  write(cardId, []);
}

/** The card's cart, kept current across the app and across tabs. */
export function useCart(cardId: string): readonly CartEntry[] {
  return useSyncExternalStore(subscribeCart, () => getCart(cardId), () => empty);
}

/** Items in the cart, counting each unit: the cart button's badge. */
export function cartCountOf(cart: readonly CartEntry[]): number {
  return cart.reduce((sum, entry) => sum + entry.quantity, 0);
}
