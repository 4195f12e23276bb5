import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { SiteProvider } from '../lib/site.tsx';
import { okAnswer } from '../test/api-stub.test-support.ts';
import { testSite } from '../test/site.test-support.ts';
import { PaymentReturnPage } from '../features/payments/routes/payment-return-page.tsx';
import { cardId, order, orderPayment, ordersPath, stubShop } from '../test/shop.test-support.ts';
import { OrderPage } from '../features/orders/routes/order-page.tsx';

// spec app-core §8: a failed payment shows the failure modal with the provider's reason. An order's
// page shows it when the member follows the payment there, or comes back failed from the provider.

const orderPath = `${ordersPath}/ord-1`;
const orderPage = `/cards/${cardId}/orders/ord-1`;
const waiting = order({ status: 'waiting_payment', payment: orderPayment() });
const failed = order({ status: 'failed', payment: orderPayment({ status: 'failed', failureReason: 'insufficient_balance', instructions: null }) });

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The app's order page, and the page a provider sends the member back to, at `entry`. */
function renderAt(entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <SiteProvider site={testSite()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path={paths.cardOrder.path} element={<OrderPage />} />
            <Route path={paths.paymentReturn.path} element={<PaymentReturnPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </QueryClientProvider>
    </SiteProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("an order's failed payment", () => {
  it('opens the failure dialog with the reason when the payment fails while the member follows it; Try again goes shopping again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubShop({ [`GET ${orderPath}`]: [() => okAnswer({ data: waiting }), () => okAnswer({ data: failed })] });
    renderAt(orderPage);
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    const dialog = await screen.findByRole('alertdialog', { name: 'Payment failed' });
    expect(dialog).toHaveAccessibleDescription('Insufficient balance. Please top up or choose another payment method.');
    vi.useRealTimers();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/catalogs`);
  });

  it('opens it when the member comes back failed from the provider’s page, and closes for good', async () => {
    stubShop({
      [`GET /api/v2/payments/${orderPayment().id}/page`]: () => okAnswer({ path: orderPage }),
      [`GET ${orderPath}`]: () => okAnswer({ data: failed }),
    });
    renderAt(`/payments/${orderPayment().id}`);
    const dialog = await screen.findByRole('alertdialog', { name: 'Payment failed' });
    expect(screen.getByTestId('location')).toHaveTextContent(orderPage);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Failed', { selector: '.order-status' })).toBeInTheDocument();
  });

  it('shows an order that failed earlier without the dialog', async () => {
    stubShop({ [`GET ${orderPath}`]: () => okAnswer({ data: failed }) });
    renderAt(orderPage);
    expect(await screen.findByText('Failed', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
