import { afterEach, describe, it, expect, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { paymentFixture, testPaymentId } from '../../../test/payment.test-support.ts';
import { PaymentPage } from './payment-page.tsx';

const cardId = 'card00000000000000000001';
const paymentId = testPaymentId;
const paymentPath = `/api/v2/payments/${paymentId}`;


function renderPayment(query = `?payment=${paymentId}`) {
  return renderPage(<PaymentPage />, {
    path: paths.cardSubscribePayment.path,
    history: [`/cards/${cardId}/subscribe`, `/cards/${cardId}/subscribe/payment${query}`],
  });
}

function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

afterEach(() => {
  toast.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setTabHidden(false);
});

describe('PaymentPage', () => {
  it('shows a waiting virtual account with its number to copy and the time left', async () => {
    const writeText = vi.fn(async () => undefined);
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture()) });
    renderPayment();

    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(screen.getByText('Rp 150.000')).toBeInTheDocument();
    expect(screen.getByText('Virtual account')).toBeInTheDocument();
    expect(screen.getByText('8808 1234 5678 9012')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left to pay' })).toHaveTextContent(/^0[12]:\d\d:\d\d$/);

    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy virtual account number' }));

    expect(writeText).toHaveBeenCalledWith('8808123456789012');
    expect(toast.getToasts().map((item) => item.message)).toEqual(['Copied to clipboard']);
  });

  it('offers the sandbox provider\'s page for a sandbox payment, bringing the member back', async () => {
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture()) });
    renderPayment();
    const link = await screen.findByRole('link', { name: 'Pay in the sandbox' });
    expect(link).toHaveAttribute('href', `/dev/payments/${paymentId}?return=${encodeURIComponent(`/cards/${cardId}/subscribe/payment?payment=${paymentId}`)}`);
  });

  it('shows a QR code for QRIS and a same-tab link for a provider page, bringing the member back', async () => {
    stubApi({
      [`GET ${paymentPath}`]: () =>
        okAnswer(paymentFixture({ method: 'ewallet', instructions: { kind: 'redirect', url: `/dev/payments/${paymentId}` } })),
    });
    renderPayment();

    const link = await screen.findByRole('link', { name: 'Continue to payment' });
    const back = encodeURIComponent(`/cards/${cardId}/subscribe/payment?payment=${paymentId}`);
    expect(link).toHaveAttribute('href', `/dev/payments/${paymentId}?return=${back}`);
    expect(link).not.toHaveAttribute('target');
  });

  it("offers the proof upload under the bank details of a transfer into the merchant's account, and shows a rejection's note", async () => {
    const instructions = { kind: 'manual_transfer', bank: 'BCA', accountNumber: '8730456789', accountName: 'PT Kopi Senja Nusantara' } as const;
    const rejected = { status: 'rejected', uploadedAt: '2026-11-24T10:05:00.000Z', note: 'Blurry photo' } as const;
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture({ method: 'manual_transfer', provider: 'manual', instructions, proof: rejected })) });
    renderPayment();

    const section = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    expect(within(section).getByText('PT Kopi Senja Nusantara')).toBeInTheDocument();
    expect(within(section).getByLabelText('Upload proof of transfer')).toBeInTheDocument();
    expect(within(section).getByText("Merchant's note: Blurry photo")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay in the sandbox' })).not.toBeInTheDocument();
  });

  it("offers no proof upload for the sandbox's made-up transfer", async () => {
    const instructions = { kind: 'manual_transfer', bank: 'SANDBOX', accountNumber: '0000123456', accountName: 'Kartu Sandbox' } as const;
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture({ method: 'manual_transfer', instructions })) });
    renderPayment();
    expect(await screen.findByText('Kartu Sandbox')).toBeInTheDocument();
    expect(screen.queryByLabelText('Upload proof of transfer')).not.toBeInTheDocument();
  });

  it('draws the QRIS code to scan', async () => {
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture({ method: 'qris', instructions: { kind: 'qris', qrString: 'SANDBOX-QRIS|x|150000|IDR' } })) });
    renderPayment();
    expect(await screen.findByRole('img', { name: 'QRIS code for this payment' })).toBeInTheDocument();
  });

  it('shows a paid payment as a success with the way back to the card, and reloads the card', async () => {
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture({ status: 'paid', instructions: null })) });
    const { queryClient } = renderPayment();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to card' })).toHaveAttribute('href', `/cards/${cardId}`);
    expect(screen.getByRole('status')).toHaveTextContent('Payment successful');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: cardKeys.detail(cardId) }));
  });

  it('opens the failure dialog once with the reason in the member’s words; Try again goes back to the plans', async () => {
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture({ status: 'failed', failureReason: 'card_declined' })) });
    renderPayment();

    const dialog = await screen.findByRole('alertdialog', { name: 'Payment failed' });
    expect(dialog).toHaveAccessibleDescription('Your card was declined. Please use another card or another payment method.');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Try again' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/subscribe`);
  });

  it('says ‘payment failed’ when the provider gave no reason the app can tell', async () => {
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture({ status: 'failed', failureReason: 'failed' })) });
    renderPayment();
    const dialog = await screen.findByRole('alertdialog', { name: 'Payment failed' });
    expect(dialog).toHaveAccessibleDescription('The payment failed. Please try again.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/subscribe`);
  });

  it('offers to start again when the payment expired', async () => {
    stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture({ status: 'expired' })) });
    renderPayment();
    expect(await screen.findByRole('heading', { name: 'Payment expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', `/cards/${cardId}/subscribe`);
  });

  it('reads the payment every 3 seconds until it is final, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ [`GET ${paymentPath}`]: [() => okAnswer(paymentFixture({ status: 'pending', instructions: null })), () => okAnswer(paymentFixture()), () => okAnswer(paymentFixture({ status: 'paid' }))] });
    renderPayment();

    expect(await screen.findByRole('heading', { name: 'Preparing your payment' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payment successful');
    expect(api.to('GET', paymentPath)).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(15000));
    expect(api.to('GET', paymentPath)).toHaveLength(3);
  });

  it('does not poll while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ [`GET ${paymentPath}`]: () => okAnswer(paymentFixture()) });
    renderPayment();
    await screen.findByRole('heading', { name: 'Waiting for your payment' });

    act(() => setTabHidden(true));
    const before = api.to('GET', paymentPath).length;
    await act(() => vi.advanceTimersByTimeAsync(12000));
    expect(api.to('GET', paymentPath)).toHaveLength(before);
  });

  it('shows the 404 page for a payment that is not the member’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ [`GET ${paymentPath}`]: () => errorAnswer('PAYMENT_NOT_FOUND') });
    renderPayment();
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This payment could not be found');
  });

  it('shows the 404 page without a payment to follow', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = stubApi({});
    renderPayment('');
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This payment could not be found');
    expect(api.requests).toHaveLength(0);
  });
});
