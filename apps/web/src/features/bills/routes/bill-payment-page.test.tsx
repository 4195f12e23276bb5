import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { paths } from '../../../config/paths.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { errorAnswer, okAnswer, stubApi, type Answer } from '../../../test/api-stub.test-support.ts';
import { billCardId, billId, billPath, billPaymentOf, renderBills } from '../bills.test-support.tsx';

const read = (overrides: Parameters<typeof billPaymentOf>[0] = {}): Answer => () => okAnswer({ data: billPaymentOf(overrides) });
const pending = { status: 'pending', serialNumber: null, message: 'Transaksi Pending', settledAt: null } as const;
const openPayment = () => renderBills(paths.cardBillPayment.href({ cardId: billCardId, billId }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BillPaymentPage', () => {
  it('follows a pending payment every few seconds until it succeeds, then shows the token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const token = { category: 'electricity_token', sku: 'pln-token-20', productName: 'PLN token Rp 20.000', customerNo: '14123456780', amount: 22_500, spent: 2_250 } as const;
    const api = stubApi({ [`GET ${billPath}`]: [read({ ...token, ...pending }), read({ ...token, ...pending }), read({ ...token, serialNumber: '1234-5678-9012-3456-7890' })] });
    const { queryClient } = openPayment();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    const processing = await screen.findByRole('heading', { level: 2, name: "We're processing your payment" });
    await vi.waitFor(() => expect(processing).toHaveFocus());
    expect(screen.getByText("We're processing your payment", { selector: '[role="status"]' })).toBeInTheDocument();
    expect(document.querySelector('.bill-result__spinner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    const done = await screen.findByRole('heading', { level: 2, name: 'Payment successful' });
    await vi.waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('Payment successful', { selector: '[role="status"]' })).toBeInTheDocument();
    const serial = screen.getByText('1234-5678-9012-3456-7890');
    expect(serial.previousElementSibling).toHaveTextContent('Token');
    expect(screen.getByRole('button', { name: 'Copy the token' })).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Payment successful' });
    const facts = Object.fromEntries(within(result).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Product: 'PLN token Rp 20.000', 'Customer number': '14123456780', Amount: 'Rp 22.500', Spent: '2.250 Pts' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: cardKeys.detail(billCardId) });
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', `/cards/${billCardId}`);
    expect(screen.getByRole('link', { name: 'Buy again' })).toHaveAttribute('href', `/cards/${billCardId}/bills/electricity_token?customerNo=14123456780&sku=pln-token-20`);

    // Settled: nothing more to read.
    const reads = api.to('GET', billPath).length;
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(api.to('GET', billPath)).toHaveLength(reads);
  });

  it('says a failed payment’s points were returned, with the biller’s reason', async () => {
    stubApi({ [`GET ${billPath}`]: read({ status: 'failed', serialNumber: null, message: 'Nomor tujuan salah' }) });
    openPayment();
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('The payment did not go through. Your points were returned to your card.')).toBeInTheDocument();
    expect(screen.getByText('Reason: Nomor tujuan salah')).toBeInTheDocument();
    const facts = Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Returned: '1.150 Pts' });
    expect(screen.queryByText('SN-4471-2290-8812')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy again' })).toHaveAttribute('href', `/cards/${billCardId}/bills/mobile_credit?customerNo=081234567890&sku=telkomsel-credit-10`);
  });

  it('shows the page loading while the payment is read', () => {
    stubApi({ [`GET ${billPath}`]: () => new Promise<Response>(() => undefined) });
    openPayment();
    expect(screen.getByText('Loading the payment').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows the page not found for a payment that is not the member’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ [`GET ${billPath}`]: () => errorAnswer('NOT_FOUND') });
    openPayment();
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This payment could not be found');
  });
});
