import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { addToCart, getCart } from '../../../lib/cart-store.ts';
import { beans, blend, cardId, catalogPath, gold, product, productDetail, soldOut, stubShop, voucher } from '../../../test/shop.test-support.ts';
import { ProductPage } from './product-page.tsx';
import type { ProductSummary } from '@kartu/contracts';

function renderProduct(item: ProductSummary, detail = productDetail(item)) {
  const stub = stubShop({ [`GET ${catalogPath}/${item.type}/${item.id}`]: () => okAnswer({ data: detail }), 'POST /api/v2/events': () => okAnswer(null, 202) });
  renderPage(<ProductPage />, { path: paths.cardProduct.path, history: [`/cards/${cardId}/catalogs`, `/cards/${cardId}/catalogs/${item.type}/${item.id}`] });
  return stub;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductPage', () => {
  it('shows the product with its price, stock, weight, description and terms', async () => {
    renderProduct(blend);
    expect(await screen.findByRole('heading', { level: 1, name: 'House Blend' })).toBeInTheDocument();
    expect(screen.getByText('1.000 Pts + Rp 25.000')).toBeInTheDocument();
    expect(screen.getByText('Stock: 3')).toBeInTheDocument();
    expect(screen.getByText('Weight: 250 gr')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Description' })).toHaveTextContent('Single-origin beans from Aceh.');
    expect(screen.getByRole('region', { name: 'Terms and conditions' })).toHaveTextContent('No returns on opened bags.');
    expect(screen.getByRole('img', { name: 'House Blend' })).toHaveAttribute('srcset', blend.image?.srcSet);
  });

  it('takes digits only, reads an empty quantity as 1, caps it at the maximum per order and steps within 1 and the maximum', async () => {
    renderProduct(blend);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(minus).toBeDisabled();

    await user.clear(field);
    await user.type(field, 'a2b');
    expect(field).toHaveValue('2');
    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue('1');

    await user.clear(field);
    await user.type(field, '9');
    await user.tab();
    expect(field).toHaveValue('3');
    expect(plus).toBeDisabled();
    await user.click(minus);
    expect(field).toHaveValue('2');

    // A paste that is not a number goes the same way.
    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.blur(field);
    expect(field).toHaveValue('1');
  });

  it('disables the quantity and adding when none can be bought', async () => {
    renderProduct(soldOut);
    expect(await screen.findByRole('textbox', { name: 'Quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it('adds to the cart, adds to the quantity of an item already there up to its maximum, tells the server, and offers the cart', async () => {
    const stub = renderProduct(blend);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(getCart(cardId)).toEqual([{ productId: blend.id, quantity: 2, type: 'physical', categoryId: blend.category.id, categoryIsExclusive: false, isPreciousMetal: false }]);
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(getCart(cardId)[0]?.quantity).toBe(3);

    expect(screen.getByRole('status')).toHaveTextContent('House Blend is in your cart');
    expect(stub.bodiesOf('/api/v2/events')).toEqual([
      { name: 'add_to_cart', cardId, productId: blend.id, quantity: 2 },
      { name: 'add_to_cart', cardId, productId: blend.id, quantity: 2 },
    ]);
    await user.click(screen.getByRole('link', { name: 'View cart' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/catalogs/carts`));
  });

  it('asks before mixing an e-voucher into a cart of physical products: cancel keeps the cart', async () => {
    addToCart(cardId, beans, 2);
    renderProduct(voucher);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start a new cart?' });
    expect(dialog).toHaveTextContent('Physical product and e-Voucher cannot be purchased at the same cart');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getCart(cardId).map((entry) => [entry.productId, entry.quantity])).toEqual([[beans.id, 2]]);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('empties the cart and adds when the member confirms', async () => {
    addToCart(cardId, beans, 2);
    renderProduct(voucher);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await user.click(await screen.findByRole('button', { name: 'Empty cart and add' }));
    expect(getCart(cardId).map((entry) => [entry.productId, entry.quantity])).toEqual([[voucher.id, 1]]);
    expect(screen.getByRole('status')).toHaveTextContent('Coffee voucher is in your cart');
  });

  it("says an exclusive category's product goes alone", async () => {
    addToCart(cardId, beans, 1);
    const bar = product({ id: 'p-gold', name: 'Gold bar 1 g', category: { id: gold.id, name: gold.name, isExclusive: true }, isPreciousMetal: true, maxPerOrder: 3, weightGrams: 1 });
    renderProduct(bar);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Products of this category must be purchased on their own');
  });

  it('shows the 404 page for a product that does not exist', async () => {
    stubShop({ [`GET ${catalogPath}/physical/p-missing`]: () => errorAnswer('PRODUCT_NOT_FOUND') });
    renderPage(<ProductPage />, { path: paths.cardProduct.path, history: [`/cards/${cardId}/catalogs/physical/p-missing`] });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This product is no longer available');
  });
});

describe('ProductPage, a custom-value product', () => {
  const fund = product({
    id: 'p-fund',
    name: 'Gayo farmers fund',
    type: 'custom_value',
    price: { points: null, money: 10_000, currency: 'IDR' },
    stock: { status: 'unlimited' },
    maxPerOrder: 1,
    weightGrams: null,
    customValue: { min: 10_000, max: 5_000_000, isDonation: true },
  });

  it('asks how much to give, within the minimum donation and the maximum, and puts that value in the cart', async () => {
    const api = renderProduct(fund);
    const user = userEvent.setup();
    expect(await screen.findByText('From Rp 10.000')).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Donation amount' });
    expect(amount).toHaveAccessibleDescription(/^Minimum donation Rp\s10\.000, up to Rp\s5\.000\.000$/);

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(amount).toHaveAccessibleDescription(/Enter an amount/);
    await user.type(amount, '5000');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(amount).toHaveAccessibleDescription(/The minimum donation is Rp\s10\.000/);
    await user.type(amount, '0000000');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(amount).toHaveAccessibleDescription(/The maximum is Rp\s5\.000\.000/);
    expect(getCart(cardId)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, 'a25000');
    expect(amount).toHaveValue('25.000');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(getCart(cardId)).toEqual([expect.objectContaining({ productId: fund.id, quantity: 1, value: 25_000 })]);
    await waitFor(() => expect(api.bodiesOf('/api/v2/events')).toEqual([{ name: 'add_to_cart', cardId, productId: fund.id, quantity: 1 }]));
  });
});
