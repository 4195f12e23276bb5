import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { addToCart } from '../../../lib/cart-store.ts';
import { beans, blend, cardId, cardPath, catalogPage, catalogPath, coffee, stubShop, voucher, vouchers } from '../../../test/shop.test-support.ts';
import { CatalogHomePage } from './catalog-home-page.tsx';

function renderHome() {
  return renderPage(<CatalogHomePage />, { path: paths.cardCatalogs.path, history: [`/cards/${cardId}`, `/cards/${cardId}/catalogs`] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CatalogHomePage', () => {
  it('shows a row of products per category, with chips and "See all" to the filtered list', async () => {
    stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans, blend, voucher], { total: 3 })) });
    renderHome();

    const row = await screen.findByRole('region', { name: coffee.name });
    expect(within(row).getAllByRole('link', { name: /Gayo|House/ })).toHaveLength(2);
    expect(within(row).getByRole('link', { name: `See all ${coffee.name}` })).toHaveAttribute('href', `/cards/${cardId}/catalogs/shop?categoryId=${coffee.id}`);
    expect(within(screen.getByRole('region', { name: vouchers.name })).getByRole('link', { name: /Coffee voucher/ })).toBeInTheDocument();
    const chips = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(chips).getByRole('link', { name: vouchers.name })).toHaveAttribute('href', `/cards/${cardId}/catalogs/shop?categoryId=${vouchers.id}`);
    expect(screen.getByRole('link', { name: 'Pickup points' })).toHaveAttribute('href', `/cards/${cardId}/distributors`);
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', `/cards/${cardId}/orders`);
  });

  it('sends a search to the shop list', async () => {
    stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans])) });
    renderHome();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search products' }), 'gayo{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/catalogs/shop?q=gayo`));
  });

  it('says when nothing is on sale', async () => {
    stubShop({ [`GET ${catalogPath}`]: () => okAnswer({ categories: [], data: [], total: 0, nextCursor: null }) });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Nothing on sale yet' })).toBeInTheDocument();
  });

  it("counts the cart's items on the header's cart button", async () => {
    addToCart(cardId, beans, 2);
    addToCart(cardId, blend, 1);
    stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans])) });
    renderHome();
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toHaveAttribute('href', `/cards/${cardId}/catalogs/carts`);
  });

  it('shows the 404 page for a card that does not exist', async () => {
    stubShop({ [`GET ${cardPath}`]: () => errorAnswer('CARD_NOT_FOUND'), [`GET ${catalogPath}`]: () => errorAnswer('CARD_NOT_FOUND') });
    renderHome();
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Card not found');
  });
});
