import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { Order } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, order, orderPayment, ordersPath, stubShop } from '../../../test/shop.test-support.ts';
import { OrderPage } from './order-page.tsx';

const orderPath = `${ordersPath}/ord-1`;

/** The order page of `shown`, answered as it is. */
function renderOrderOf(shown: Order) {
  stubShop({ [`GET ${orderPath}`]: () => okAnswer({ data: shown }) });
  return renderOrder();
}

function renderOrder(orderId = 'ord-1') {
  return renderPage(<OrderPage />, { path: paths.cardOrder.path, history: [`/cards/${cardId}/orders`, `/cards/${cardId}/orders/${orderId}`] });
}

const waiting = order({
  status: 'waiting_payment',
  history: [{ status: 'waiting_payment', at: '2026-11-24T10:00:00.000Z', note: null }],
  payment: orderPayment(),
});

beforeEach(() => {
  // jsdom makes no object URLs; the proof's preview asks for one.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OrderPage', () => {
  it("shows an open payment's instructions and follows it until the order is paid", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const paid = order({ payment: orderPayment({ status: 'paid', instructions: null }) });
    const api = stubShop({ [`GET ${orderPath}`]: [() => okAnswer({ data: waiting }), () => okAnswer({ data: paid })] });
    renderOrder();

    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(screen.getByText('8808 1234 5678 9012')).toBeInTheDocument();
    expect(screen.getByText('Waiting for payment', { selector: '.order-status' })).toHaveClass('order-status--pending');
    expect(screen.getByRole('list', { name: 'Items in the order' })).toHaveTextContent('Gayo Arabica 250 g');
    expect(screen.getByText('Jl. Tebet Raya 12, Tebet Timur, Tebet, Kota Jakarta Selatan, DKI Jakarta, 12820')).toBeInTheDocument();
    expect(screen.getByText('Shipping').closest('div')).toHaveTextContent('Rp 12.000');
    expect(screen.getByText('Points paid').closest('div')).toHaveTextContent('2.400 Pts');
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', `/cards/${cardId}/orders/ord-1/receipt`);
    expect(screen.getByRole('link', { name: 'Track order' })).toHaveAttribute('href', `/cards/${cardId}/orders/ord-1/track`);
    expect(screen.queryByRole('link', { name: /sandbox/i })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText('Order confirmed', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Waiting for your payment' })).not.toBeInTheDocument();
    expect(api.to('GET', orderPath)).toHaveLength(2);
  });

  it('tells an order paid cash on delivery how to pay, without waiting on the page, and what is left to pay', async () => {
    const cod = order({ status: 'new', payment: orderPayment({ method: 'cash_on_delivery', provider: 'cash', instructions: { kind: 'cash_on_delivery' } }) });
    stubShop({ [`GET ${orderPath}`]: () => okAnswer({ data: cod }) });
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Pay on delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Waiting for your payment' })).not.toBeInTheDocument();
    expect(screen.getByText('Order confirmed', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.getByText('To pay in money')).toBeInTheDocument();
    expect(screen.queryByText('Money paid')).not.toBeInTheDocument();
  });

  it("offers the sandbox provider's page to pay a sandbox payment, coming back to the order", async () => {
    stubShop({ [`GET ${orderPath}`]: () => okAnswer({ data: order({ status: 'waiting_payment', payment: orderPayment({ provider: 'sandbox' }) }) }) });
    renderOrder();
    const link = await screen.findByRole('link', { name: /sandbox/i });
    expect(link).toHaveAttribute('href', `/dev/payments/${orderPayment().id}?return=${encodeURIComponent(`/cards/${cardId}/orders/ord-1`)}`);
  });

  it('offers the proof upload under a manual transfer', async () => {
    const manual = order({
      status: 'waiting_payment',
      payment: orderPayment({ method: 'manual_transfer', provider: 'manual', instructions: { kind: 'manual_transfer', bank: 'BCA', accountNumber: '8730456789', accountName: 'PT Kopi Senja' } }),
    });
    stubShop({ [`GET ${orderPath}`]: () => okAnswer({ data: manual }) });
    renderOrder();
    expect(await screen.findByLabelText('Upload proof of transfer')).toBeInTheDocument();
  });

  it('shows the status history newest first, and no payment panel for an order paid in points', async () => {
    stubShop({ [`GET ${orderPath}`]: () => okAnswer({ data: order() }) });
    renderOrder();
    const history = await screen.findByRole('list', { name: 'Status' });
    expect(within(history).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Order confirmed', 'Waiting for payment']);
    expect(screen.queryByRole('heading', { name: 'Waiting for your payment' })).not.toBeInTheDocument();
  });

  it('tells the member of a new order by when the merchant processes it, and only while it does', async () => {
    const view = renderOrderOf(order());
    expect(await screen.findByText(/^Your order is processed within 2x24 hours, by November 26, 2026/)).toBeInTheDocument();
    view.unmount();
    renderOrderOf(order({ status: 'on_courier', history: [...order().history, { status: 'on_courier', at: '2026-11-25T08:00:00.000Z', note: null }] }));
    expect(await screen.findByText('On delivery', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.queryByText(/processed within/)).not.toBeInTheDocument();
  });

  it('has no processing time for an order still waiting for its payment', async () => {
    renderOrderOf(waiting);
    expect(await screen.findByText('Waiting for payment', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.queryByText(/processed within/)).not.toBeInTheDocument();
  });

  it('shows a rounding adjustment that takes a little off with a minus', async () => {
    renderOrderOf(order({ fees: [{ type: 'shipping', amount: 12_000 }, { type: 'rounding', amount: -50 }], total: { points: 2400, money: 11_950 } }));
    expect((await screen.findByText('Rounding adjustment')).closest('div')).toHaveTextContent(/−Rp\s50$/);
  });

  it('shows the 404 page for an order that is not the card’s', async () => {
    stubShop({ [`GET ${ordersPath}/nope`]: () => errorAnswer('ORDER_NOT_FOUND') });
    renderOrder('nope');
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Order not found');
  });

  it("lists the e-vouchers the order put into the wallet, each opening its voucher as recently purchased", async () => {
    renderOrderOf(
      order({
        vouchers: [
          { id: 'v-1', name: 'Kopi Susu Gula Aren', status: 'active', expiresAt: '2099-01-01T00:00:00.000Z' },
          { id: 'v-2', name: 'Kopi Susu Gula Aren', status: 'pending', expiresAt: '2099-01-01T00:00:00.000Z' },
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Your e-vouchers' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Kopi Susu Gula ArenReady to use', 'Kopi Susu Gula ArenBeing prepared']);
    expect(links[0]).toHaveAttribute('href', '/egifts/details/v-1?recentlyPurchased=true');
  });

  it('shows no e-voucher section for an order of goods', async () => {
    renderOrderOf(order());
    expect(await screen.findByRole('list', { name: 'Items in the order' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your e-vouchers' })).not.toBeInTheDocument();
  });
});
