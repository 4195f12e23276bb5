import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { errorAnswer, okAnswer, stubApi, type Answer } from '../../../test/api-stub.test-support.ts';
import { paymentFixture } from '../../../test/payment.test-support.ts';
import { cardPath, shopCard } from '../../../test/shop.test-support.ts';
import {
  dynamicQris,
  gopayLink,
  optionsPath,
  paymentsPath,
  qrisCardId,
  qrisOptionsOf,
  qrisPaymentId,
  qrisPaymentOf,
  qrisPaymentPath,
  findFocusedStep,
  renderQrisPage,
  sandboxPaymentPath,
  staticQris,
  walletPath,
} from '../qris.test-support.tsx';

function stubPayments({ card = () => okAnswer(shopCard()), options = () => okAnswer(qrisOptionsOf()), ...more }: { card?: Answer; options?: Answer } & Record<string, Answer | Answer[]>) {
  return stubApi({ [`GET ${cardPath}`]: card, [`GET ${walletPath}`]: () => okAnswer({ data: gopayLink }), [`GET ${optionsPath}`]: options, ...more });
}

const created = (answer = qrisPaymentOf()): Answer => () => okAnswer({ data: answer }, 201);
const read = (answer = qrisPaymentOf()): Answer => () => okAnswer({ data: answer });
const paidAnswer = () => qrisPaymentOf({ status: 'paid', paidAt: '2026-03-10T03:04:00.000Z', payment: paymentFixture({ status: 'paid', subject: { type: 'qris', id: qrisPaymentId }, instructions: null }) });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ScanQrisPage: paying', () => {
  it('follows a wallet payment: the provider’s page and the time left, then the summary once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubPayments({ [`POST ${paymentsPath}`]: created(), [`GET ${qrisPaymentPath}`]: [read(), read(), read(paidAnswer())] });
    renderQrisPage({ query: { qris: dynamicQris.qris }, qris: dynamicQris });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('GoPay · +62 812-****-7890')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Rp 25.000' }));

    await findFocusedStep('Finish paying in GoPay');
    expect(screen.getByTestId('location')).toHaveTextContent(paths.cardScanQris.href({ cardId: qrisCardId }, { qris: dynamicQris.qris, payment: qrisPaymentId }));
    expect(screen.getByText('Waiting for your payment', { selector: '[role="status"]' })).toBeInTheDocument();
    const provider = screen.getByRole('link', { name: 'Continue to payment' });
    expect(provider.getAttribute('href')).toMatch(new RegExp(`^${sandboxPaymentPath}\\?return=%2Fcards%2F${qrisCardId}%2Fscan-qris%3Fqris%3D`));
    expect(screen.getByRole('timer', { name: 'Time left to pay' })).toHaveTextContent(/^00:1[45]:\d\d$/);
    const post = api.to('POST', paymentsPath)[0];
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await act(() => vi.advanceTimersByTimeAsync(3000));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await findFocusedStep('Payment successful');
    expect(screen.getByText('Payment successful', { selector: '[role="status"]' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Payment successful' });
    const facts = Object.fromEntries(within(summary).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Merchant: 'Kopi Senja Kemang', City: 'JAKARTA SELATAN', Amount: 'Rp 25.000', Reference: '5F2B7C1E', 'Paid with': 'GoPay' });
    expect(facts['Paid at']).toMatch(/2026/);
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', `/cards/${qrisCardId}`);
    expect(screen.getByRole('link', { name: 'Scan another' })).toHaveAttribute('href', `/qrcode-scanner?cardId=${qrisCardId}`);

    // Settled: nothing more to read.
    const reads = api.to('GET', qrisPaymentPath).length;
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(api.to('GET', qrisPaymentPath)).toHaveLength(reads);
  });

  it('sends a refused payment again with the same Idempotency-Key, and waits while it is on its way', async () => {
    let answerFirst: () => void = () => undefined;
    const firstAnswer = new Promise<Response>((resolve) => {
      answerFirst = () => resolve(errorAnswer('PAYMENT_PROVIDER_UNAVAILABLE'));
    });
    const api = stubPayments({ [`POST ${paymentsPath}`]: [() => firstAnswer, created()], [`GET ${qrisPaymentPath}`]: read() });
    renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount to pay'), '15000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const pay = screen.getByRole('button', { name: 'Pay Rp 15.000' });
    await user.click(pay);

    // On its way: a second tap sends nothing.
    expect(pay).toBeDisabled();
    expect(pay).toHaveAttribute('aria-busy', 'true');
    await user.click(pay);
    expect(api.to('POST', paymentsPath)).toHaveLength(1);
    answerFirst();

    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are not available right now, please try again later');
    await user.click(screen.getByRole('button', { name: 'Pay Rp 15.000' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Finish paying in GoPay' })).toBeInTheDocument();

    const [first, second] = api.to('POST', paymentsPath);
    expect(api.bodiesOf(paymentsPath)).toEqual([
      { qris: staticQris.qris, source: 'wallet', amount: 15_000 },
      { qris: staticQris.qris, source: 'wallet', amount: 15_000 },
    ]);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('pays from a cash card’s balance at once, and reads the card again', async () => {
    const paid = qrisPaymentOf({ source: 'balance', status: 'paid', spent: 25_000, payment: null, paidAt: '2026-03-10T03:00:00.000Z' });
    const api = stubPayments({
      card: () => okAnswer(shopCard({ programType: 'cash', balance: { amount: 100_000, unit: 'CASH', expiring: [] } })),
      options: () => okAnswer(qrisOptionsOf({ cashBalance: true })),
      [`POST ${paymentsPath}`]: created(paid),
      [`GET ${qrisPaymentPath}`]: read(paid),
    });
    const { queryClient } = renderQrisPage({ query: { qris: dynamicQris.qris }, qris: dynamicQris });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: /Card balance/ }));
    expect(screen.getByText('Balance Rp 100.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Card balance · Rp 25.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Rp 25.000' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Payment successful' })).toBeInTheDocument();
    expect(api.bodiesOf(paymentsPath)).toEqual([{ qris: dynamicQris.qris, source: 'balance' }]);
    expect(within(screen.getByRole('region', { name: 'Payment successful' })).getByText('Card balance · Rp 25.000')).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: cardKeys.detail(qrisCardId) });
  });

  it('pays with the card’s points at once, the points rounded up, and shows what was spent', async () => {
    const paid = qrisPaymentOf({
      merchantName: staticQris.merchantName,
      merchantCity: staticQris.merchantCity,
      amount: 25_050,
      source: 'points',
      status: 'paid',
      spent: 251,
      payment: null,
      paidAt: '2026-03-10T03:00:00.000Z',
    });
    const api = stubPayments({ options: () => okAnswer(qrisOptionsOf({ pointValue: 100 })), [`POST ${paymentsPath}`]: created(paid), [`GET ${qrisPaymentPath}`]: read(paid) });
    const { queryClient } = renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Amount to pay'), '25050');
    await user.click(screen.getByRole('radio', { name: /Points/ }));
    expect(screen.getByText('251 Pts of your 5.000 Pts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findFocusedStep('Confirm your payment');
    expect(screen.getByText('Points · 251 Pts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Rp 25.050' }));

    await findFocusedStep('Payment successful');
    expect(api.bodiesOf(paymentsPath)).toEqual([{ qris: staticQris.qris, source: 'points', amount: 25_050 }]);
    expect(screen.getByTestId('location')).toHaveTextContent(paths.cardScanQris.href({ cardId: qrisCardId }, { qris: staticQris.qris, payment: qrisPaymentId }));
    const summary = screen.getByRole('region', { name: 'Payment successful' });
    const facts = Object.fromEntries(within(summary).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Merchant: 'Warung Bu Sri', Amount: 'Rp 25.050', 'Paid with': 'Points · 251 Pts' });
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: cardKeys.detail(qrisCardId) });
  });

  it('offers to link the e-wallet again when the server finds none', async () => {
    stubPayments({ [`POST ${paymentsPath}`]: () => errorAnswer('QRIS_WALLET_NOT_LINKED') });
    renderQrisPage({ query: { qris: dynamicQris.qris }, qris: dynamicQris });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Pay Rp 25.000' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Link your e-wallet first to pay with QRIS');
    await user.click(within(alert).getByRole('button', { name: 'Link my e-wallet' }));
    await findFocusedStep('Link your e-wallet');
  });
});

describe('ScanQrisPage: a payment by its address (?payment=)', () => {
  it('says an expired payment must be scanned again, once its time runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const expiresAt = new Date(Date.now() + 2000).toISOString();
    stubPayments({ [`GET ${qrisPaymentPath}`]: [read(qrisPaymentOf({ expiresAt })), read(qrisPaymentOf({ status: 'expired', expiresAt }))] });
    renderQrisPage({ query: { payment: qrisPaymentId } });

    expect(await screen.findByRole('heading', { level: 2, name: 'Finish paying in GoPay' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2500));
    await findFocusedStep('Payment expired');
    expect(screen.getByText('This QR payment has expired. Scan the QR code again to pay.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Scan again' })).toHaveAttribute('href', `/qrcode-scanner?cardId=${qrisCardId}`);
  });

  it('shows a paid payment’s summary as the provider’s return opens it', async () => {
    const api = stubPayments({ [`GET ${qrisPaymentPath}`]: read(paidAnswer()) });
    renderQrisPage({ query: { payment: qrisPaymentId } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Kopi Senja Kemang')).toBeInTheDocument();
    expect(api.to('POST', '/api/qr/scan')).toHaveLength(0);
  });

  it('says why a payment failed, and pays the QRIS again from its address', async () => {
    const failed = qrisPaymentOf({ status: 'failed', payment: paymentFixture({ status: 'failed', failureReason: 'insufficient_balance', subject: { type: 'qris', id: qrisPaymentId } }) });
    stubPayments({ [`GET ${qrisPaymentPath}`]: read(failed) });
    renderQrisPage({ query: { qris: staticQris.qris, payment: qrisPaymentId } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('Insufficient balance. Please top up or choose another payment method.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', paths.cardScanQris.href({ cardId: qrisCardId }, { qris: staticQris.qris }));
  });

  it('shows the page not found for a payment that is not the member’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubPayments({ [`GET ${qrisPaymentPath}`]: () => errorAnswer('PAYMENT_NOT_FOUND') });
    renderQrisPage({ query: { payment: qrisPaymentId } });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This payment could not be found');
  });
});
