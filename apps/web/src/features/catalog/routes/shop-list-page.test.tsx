import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { beans, blend, cardId, catalogPage, catalogPath, soldOut, stubShop, voucher } from '../../../test/shop.test-support.ts';
import { ShopListPage } from './shop-list-page.tsx';

const shopUrl = `/cards/${cardId}/catalogs/shop`;

function renderShop(query = '') {
  return renderPage(<ShopListPage />, { path: paths.cardShop.path, history: [`/cards/${cardId}`, `${shopUrl}${query}`] });
}

const location = () => screen.getByTestId('location').textContent ?? '';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShopListPage', () => {
  it('shows the products two a row with their prices and stock, and the result count', async () => {
    stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans, blend, soldOut, voucher], { total: 4 })) });
    renderShop();

    const grid = await screen.findByRole('list');
    expect(within(grid).getAllByRole('link')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('4 products');
    const mixed = screen.getByRole('link', { name: /House Blend/ });
    expect(mixed).toHaveTextContent('1.000 Pts + Rp 25.000');
    expect(mixed).toHaveTextContent('3 left');
    expect(mixed).toHaveAttribute('href', `/cards/${cardId}/catalogs/physical/p-blend`);
    expect(screen.getByRole('link', { name: /Gayo Arabica/ })).toHaveTextContent('1.200 Pts');
    expect(screen.getByRole('link', { name: /Gayo Arabica/ })).not.toHaveTextContent('left');
    expect(screen.getByRole('link', { name: /Kopi Luwak/ })).toHaveTextContent('Out of Stock');
    expect(screen.getByRole('link', { name: /Coffee voucher/ })).toHaveTextContent('Rp 50.000');
    expect(screen.getByRole('link', { name: /Coffee voucher/ })).toHaveTextContent('Stock >100');
    const picture = screen.getByRole('link', { name: /Gayo Arabica/ }).querySelector('img');
    expect(picture).toHaveAttribute('srcset', beans.image?.srcSet);
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('width', '160');
  });

  it('asks the server with the filters in the address, and keeps a new sort in the address', async () => {
    const api = stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans])) });
    renderShop('?categoryId=cat-coffee&type=physical&minPrice=100&maxPrice=2000&q=gayo');

    await screen.findByRole('link', { name: /Gayo Arabica/ });
    const [first] = api.to('GET', catalogPath);
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ categoryId: 'cat-coffee', type: 'physical', minPrice: '100', maxPrice: '2000', q: 'gayo' });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('gayo');
    expect(screen.getByRole('button', { name: /Filter/ })).toHaveTextContent('3 filters on');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_desc');
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('sort')).toBe('price_desc'));
    expect(new URLSearchParams(location().split('?')[1]).get('categoryId')).toBe('cat-coffee');
    await waitFor(() => expect(api.to('GET', catalogPath).some((request) => request.query.get('sort') === 'price_desc')).toBe(true));
  });

  it('puts the search in the address once typing pauses', async () => {
    const api = stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans])) });
    renderShop();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search products' }), 'arabica');
    await waitFor(() => expect(location()).toBe(`${shopUrl}?q=arabica`));
    await waitFor(() => expect(api.to('GET', catalogPath).at(-1)?.query.get('q')).toBe('arabica'));
    // One search for the pause, not one per letter.
    expect(api.to('GET', catalogPath).filter((request) => request.query.has('q'))).toHaveLength(1);
    // And one search_item for the merchant's reports.
    expect(api.bodiesOf('/api/v2/events')).toEqual([{ name: 'search_item', cardId, query: 'arabica' }]);
  });

  it('keeps a space typed before a pause, for the next word', async () => {
    const api = stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans])) });
    renderShop();
    const user = userEvent.setup();
    const field = await screen.findByRole('searchbox', { name: 'Search products' });
    await user.type(field, 'kopi ');
    await waitFor(() => expect(location()).toBe(`${shopUrl}?q=kopi`));
    await user.type(field, 'susu');
    expect(field).toHaveValue('kopi susu');
    await waitFor(() => expect(location()).toBe(`${shopUrl}?q=kopi+susu`));
    // The space alone changed nothing to search for; each settled search is reported once.
    expect(api.bodiesOf('/api/v2/events')).toEqual([
      { name: 'search_item', cardId, query: 'kopi' },
      { name: 'search_item', cardId, query: 'kopi susu' },
    ]);
  });

  it('filters by category, type and price from the sheet, and refuses a minimum above the maximum before asking', async () => {
    const api = stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans])) });
    renderShop('?sort=newest');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Filter/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter products' });
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Category' }), 'cat-vouchers');
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Product type' }), 'evoucher');
    await user.type(within(sheet).getByRole('textbox', { name: 'Minimum' }), '5x00');
    await user.type(within(sheet).getByRole('textbox', { name: 'Maximum' }), '100');
    expect(within(sheet).getByRole('textbox', { name: 'Minimum' })).toHaveValue('500');
    const asked = api.to('GET', catalogPath).length;
    await user.click(within(sheet).getByRole('button', { name: 'Show products' }));

    expect(within(sheet).getByRole('alert')).toHaveTextContent('Minimum price must not be greater than the maximum price');
    expect(within(sheet).getByRole('textbox', { name: 'Minimum' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('GET', catalogPath)).toHaveLength(asked);
    expect(location()).toBe(`${shopUrl}?sort=newest`);

    await user.clear(within(sheet).getByRole('textbox', { name: 'Maximum' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'Maximum' }), '900');
    await user.click(within(sheet).getByRole('button', { name: 'Show products' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const query = new URLSearchParams(location().split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ sort: 'newest', categoryId: 'cat-vouchers', type: 'evoucher', minPrice: '500', maxPrice: '900' });
    await waitFor(() => expect(api.to('GET', catalogPath).at(-1)?.query.get('maxPrice')).toBe('900'));
  });

  it("shows the server's refusal of a price range typed into the address", async () => {
    stubShop({ [`GET ${catalogPath}`]: () => errorAnswer('CATALOG_PRICE_RANGE') });
    renderShop('?minPrice=900&maxPrice=100');
    expect(await screen.findByRole('alert')).toHaveTextContent('Minimum price must not be greater than the maximum price');
    expect(screen.getByRole('button', { name: 'Change filters' })).toBeInTheDocument();
  });

  it('loads the next page by its cursor and keeps the first', async () => {
    const api = stubShop({
      [`GET ${catalogPath}?cursor=page-2`]: () => okAnswer(catalogPage([voucher], { total: 3, nextCursor: null })),
      [`GET ${catalogPath}`]: () => okAnswer(catalogPage([beans, blend], { total: 3, nextCursor: 'page-2' })),
    });
    renderShop();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Coffee voucher/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Gayo Arabica/ })).toBeInTheDocument();
    expect(api.to('GET', catalogPath).map((request) => request.query.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says nothing matches and clears every filter', async () => {
    stubShop({ [`GET ${catalogPath}`]: () => okAnswer(catalogPage([], { total: 0 })) });
    renderShop('?q=durian&type=meal');
    expect(await screen.findByRole('heading', { name: 'No products match' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe(shopUrl));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('says nothing is on sale when the catalog is empty with no filter set', async () => {
    stubShop({ [`GET ${catalogPath}`]: () => okAnswer({ categories: [], data: [], total: 0, nextCursor: null }) });
    renderShop('?sort=newest');
    expect(await screen.findByRole('heading', { name: 'Nothing on sale yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    const api = stubShop({ [`GET ${catalogPath}`]: [() => errorAnswer('INTERNAL'), () => okAnswer(catalogPage([beans]))] });
    renderShop();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Gayo Arabica/ })).toBeInTheDocument();
    expect(api.to('GET', catalogPath)).toHaveLength(2);
  });
});
