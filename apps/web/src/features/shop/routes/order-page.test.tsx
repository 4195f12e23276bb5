import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, order, orderPayment, ordersPath, stubShop } from '../shop.test-support.ts';
import { OrderPage } from './order-page.tsx';

const orderPath = `${ordersPath}/ord-1`;

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

  it('shows the 404 page for an order that is not the card’s', async () => {
    stubShop({ [`GET ${ordersPath}/nope`]: () => errorAnswer('ORDER_NOT_FOUND') });
    renderOrder('nope');
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Order not found');
  });
});
