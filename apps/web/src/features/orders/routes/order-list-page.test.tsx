import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderStatusColourOf, type OrderSummary } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, ordersPath, stubShop } from '../../../test/shop.test-support.ts';
import { OrderListPage } from './order-list-page.tsx';

function summary(overrides: Partial<OrderSummary> & Pick<OrderSummary, 'id' | 'number' | 'status'>): OrderSummary {
  return {
    cardId,
    statusColour: orderStatusColourOf[overrides.status],
    total: { points: 2400, money: 12_000 },
    currency: 'IDR',
    createdAt: '2026-11-24T10:00:00.000Z',
    itemCount: 2,
    firstItem: { name: 'Gayo Arabica 250 g', image: null },
    ...overrides,
  };
}

function renderOrders() {
  return renderPage(<OrderListPage />, { path: paths.cardOrders.path, history: [`/cards/${cardId}/catalogs`, `/cards/${cardId}/orders`] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderListPage', () => {
  it('says there are no orders yet, with the way to the catalog', async () => {
    stubShop({ [`GET ${ordersPath}`]: () => okAnswer({ data: [], nextCursor: null }) });
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', `/cards/${cardId}/catalogs`);
  });

  it('lists the orders with their status in its colour class, and loads more by cursor', async () => {
    const api = stubShop({
      [`GET ${ordersPath}?cursor=page-2&limit=20`]: () => okAnswer({ data: [summary({ id: 'ord-1', number: 'KS-0001', status: 'cancelled', itemCount: 1 })], nextCursor: null }),
      [`GET ${ordersPath}`]: () => okAnswer({ data: [summary({ id: 'ord-2', number: 'KS-0002', status: 'on_courier' })], nextCursor: 'page-2' }),
    });
    renderOrders();
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'My orders' });
    const first = within(list).getByRole('link', { name: /KS-0002/ });
    expect(first).toHaveAttribute('href', `/cards/${cardId}/orders/ord-2`);
    expect(first).toHaveTextContent('2 items');
    expect(first).toHaveTextContent('2.400 Pts + Rp 12.000');
    expect(within(first).getByText('On delivery')).toHaveClass('order-status--on-delivery');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const second = await within(list).findByRole('link', { name: /KS-0001/ });
    expect(within(second).getByText('Cancelled')).toHaveClass('order-status--failed');
    expect(second).toHaveTextContent('1 item');
    expect(api.to('GET', ordersPath).map((request) => request.query.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
