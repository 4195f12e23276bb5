import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartQuote } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';
import { addToCart, getCart } from '../../../lib/cart-store.ts';
import { beans, blend, cardId, product, quotePath, soldOut, stubShop } from '../../../test/shop.test-support.ts';
import { CartPage } from './cart-page.tsx';

function renderCart() {
  return renderPage(<CartPage />, { path: paths.cardCart.path, history: [`/cards/${cardId}/catalogs`, `/cards/${cardId}/catalogs/carts`] });
}

function quote(overrides: Partial<CartQuote> = {}): CartQuote {
  return {
    lines: [
      { product: beans, quantity: 2, value: null, points: 2400, money: 0 },
      { product: blend, quantity: 4, value: null, points: 4000, money: 100_000 },
    ],
    // The server's figures, which the page shows as they are.
    subtotal: { points: 6400, money: 100_000, currency: 'IDR' },
    problems: [],
    isValid: true,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CartPage', () => {
  it("lists the server's lines and subtotal, with each problem by its line and the cart's above them", async () => {
    addToCart(cardId, beans, 2);
    addToCart(cardId, { ...blend, maxPerOrder: 10 }, 4);
    addToCart(cardId, { ...soldOut, id: 'p-retired', maxPerOrder: 1 }, 1);
    const api = stubShop({
      [`POST ${quotePath}`]: () =>
        okAnswer(
          quote({
            subtotal: { points: 6401, money: 99_999, currency: 'IDR' },
            problems: [
              { code: 'precious_metal_limit', limit: 3 },
              { code: 'quantity_above_max', productId: blend.id, limit: 3 },
              { code: 'unavailable', productId: 'p-retired' },
            ],
            isValid: false,
          }),
        ),
    });
    renderCart();

    const lines = await screen.findByRole('list', { name: 'Products in your cart' });
    expect(api.bodiesOf(quotePath)[0]).toEqual({ items: [{ productId: beans.id, quantity: 2 }, { productId: blend.id, quantity: 4 }, { productId: 'p-retired', quantity: 1 }] });
    const blendLine = within(lines).getByRole('link', { name: 'House Blend' }).closest('li');
    expect(blendLine).toHaveTextContent('1.000 Pts + Rp 25.000');
    expect(blendLine).toHaveTextContent('Only 3 can be ordered');
    expect(within(lines).getByRole('link', { name: 'Gayo Arabica 250 g' }).closest('li')).not.toHaveTextContent('Only');
    expect(within(lines).getByText('This product is no longer available')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Gold or precious metal purchases are limited to 3 per transaction');
    expect(screen.getByRole('region', { name: 'Subtotal' })).toHaveTextContent('6.401 Pts + Rp 99.999');
    expect(screen.queryByRole('button', { name: /checkout|pay/i })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove the product that is no longer available' }));
    expect(getCart(cardId).map((entry) => entry.productId)).toEqual([beans.id, blend.id]);
  });

  it('says a mixed cart cannot be bought as it is, and that a line is out of stock', async () => {
    addToCart(cardId, beans, 1);
    stubShop({
      [`POST ${quotePath}`]: () =>
        okAnswer(quote({ lines: [{ product: { ...beans, stock: { status: 'out_of_stock' }, maxPerOrder: 0 }, quantity: 1, value: null, points: 1200, money: 0 }], problems: [{ code: 'mixed_physical_and_evoucher' }, { code: 'out_of_stock', productId: beans.id }], isValid: false })),
    });
    renderCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('Physical product and e-Voucher cannot be purchased at the same cart');
    const line = screen.getByRole('link', { name: 'Gayo Arabica 250 g' }).closest('li');
    expect(line).toHaveTextContent('Out of Stock');
    expect(within(line as HTMLElement).getByRole('textbox', { name: 'Quantity' })).toBeDisabled();
  });

  it('prices the cart again when a quantity changes, and empties it line by line', async () => {
    addToCart(cardId, beans, 2);
    const api = stubShop({
      [`POST ${quotePath}`]: [
        () => okAnswer(quote({ lines: [{ product: beans, quantity: 2, value: null, points: 2400, money: 0 }], subtotal: { points: 2400, money: 0, currency: 'IDR' } })),
        () => okAnswer(quote({ lines: [{ product: beans, quantity: 3, value: null, points: 3600, money: 0 }], subtotal: { points: 3600, money: 0, currency: 'IDR' } })),
      ],
    });
    renderCart();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Gayo Arabica 250 g' }));
    expect(getCart(cardId)[0]?.quantity).toBe(3);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Subtotal' })).toHaveTextContent('3.600 Pts'));
    expect(api.bodiesOf(quotePath).at(-1)).toEqual({ items: [{ productId: beans.id, quantity: 3 }] });

    await user.click(screen.getByRole('button', { name: 'Remove Gayo Arabica 250 g' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('brings a quantity above the maximum down to the maximum in one step', async () => {
    addToCart(cardId, { ...blend, maxPerOrder: 10 }, 8);
    stubShop({
      [`POST ${quotePath}`]: () => okAnswer(quote({ lines: [{ product: blend, quantity: 8, value: null, points: 8000, money: 200_000 }], problems: [{ code: 'quantity_above_max', productId: blend.id, limit: 3 }], isValid: false })),
    });
    renderCart();
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Increase quantity of House Blend' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of House Blend' }));
    expect(getCart(cardId)[0]?.quantity).toBe(3);
  });

  it('sends a custom value with its line, shows the donation chosen, and says when the server finds it out of range', async () => {
    const fund = product({ id: 'p-fund', name: 'Gayo farmers fund', type: 'custom_value', price: { points: null, money: 10_000, currency: 'IDR' }, customValue: { min: 10_000, max: 5_000_000, isDonation: true } });
    const low = { ...fund, id: 'p-low', name: 'Second fund' };
    addToCart(cardId, fund, 1, 25_000);
    addToCart(cardId, low, 1, 5_000);
    const api = stubShop({
      [`POST ${quotePath}`]: () =>
        okAnswer(
          quote({
            lines: [
              { product: fund, quantity: 1, value: 25_000, points: 0, money: 25_000 },
              { product: low, quantity: 1, value: null, points: 0, money: 10_000 },
            ],
            problems: [{ code: 'custom_value_below_minimum', productId: low.id, limit: 10_000 }],
            isValid: false,
          }),
        ),
    });
    renderCart();
    expect(await screen.findByText('Your donation: Rp 25.000')).toBeInTheDocument();
    expect(screen.getByText('The minimum donation is Rp 10.000')).toBeInTheDocument();
    expect(api.bodiesOf(quotePath)[0]).toEqual({ items: [{ productId: fund.id, quantity: 1, value: 25_000 }, { productId: low.id, quantity: 1, value: 5_000 }] });
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('goes on to checkout once the server says the cart can be bought', async () => {
    addToCart(cardId, beans, 2);
    stubShop({ [`POST ${quotePath}`]: () => okAnswer(quote({ lines: [{ product: beans, quantity: 2, value: null, points: 2400, money: 0 }] })) });
    renderCart();
    expect(await screen.findByRole('link', { name: 'Checkout' })).toHaveAttribute('href', `/cards/${cardId}/catalogs/checkout`);
  });

  it('shows an empty cart with the way to the catalog, without asking for a quote', async () => {
    const api = stubShop();
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', `/cards/${cardId}/catalogs`);
    expect(api.to('POST', quotePath)).toEqual([]);
  });

  it('is empty after signing out', async () => {
    setSession({ user: sessionUser({ id: 'u1' }) });
    addToCart(cardId, beans, 2);
    stubShop({ [`POST ${quotePath}`]: () => okAnswer(quote({ lines: [{ product: beans, quantity: 2, value: null, points: 2400, money: 0 }] })) });
    renderCart();
    await screen.findByRole('link', { name: 'Gayo Arabica 250 g' });
    act(() => clearSession());
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('offers a retry when the cart cannot be priced', async () => {
    addToCart(cardId, beans, 2);
    stubShop({ [`POST ${quotePath}`]: [() => errorAnswer('INTERNAL'), () => okAnswer(quote())] });
    renderCart();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Subtotal' })).toHaveTextContent('6.400 Pts + Rp 100.000');
  });
});
