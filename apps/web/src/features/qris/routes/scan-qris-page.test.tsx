import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorAnswer, okAnswer, stubApi, type Answer } from '../../../test/api-stub.test-support.ts';
import { cardPath, shopCard } from '../../../test/shop.test-support.ts';
import {
  dynamicQris,
  gopayLink,
  optionsPath,
  paymentsPath,
  qrisCardId,
  qrisOptionsOf,
  qrisPaymentOf,
  qrisPaymentPath,
  findFocusedStep,
  renderQrisPage,
  staticQris,
  walletPath,
} from '../qris.test-support.tsx';

const pointsCard = () => okAnswer(shopCard());
const cashCard = (amount: number) => () => okAnswer(shopCard({ programType: 'cash', balance: { amount, unit: 'CASH', expiring: [] } }));

function stubQris({
  wallet = () => okAnswer({ data: gopayLink }),
  card = pointsCard,
  options = () => okAnswer(qrisOptionsOf()),
  ...more
}: { wallet?: Answer; card?: Answer; options?: Answer } & Record<string, Answer | Answer[]> = {}) {
  return stubApi({ [`GET ${cardPath}`]: card, [`GET ${walletPath}`]: wallet, [`GET ${optionsPath}`]: options, ...more });
}

const pointsAt = (pointValue: number) => () => okAnswer(qrisOptionsOf({ pointValue }));
const cashBalance = () => okAnswer(qrisOptionsOf({ cashBalance: true }));

const amountField = () => screen.getByLabelText('Amount to pay');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ScanQrisPage: before paying', () => {
  it('welcomes a member with no linked e-wallet, links one, and goes on to the amount', async () => {
    const api = stubQris({
      wallet: () => okAnswer({ data: null }),
      [`PUT ${walletPath}`]: () => okAnswer({ data: { wallet: 'ovo', phone: '+62 812-****-7890', linkedAt: '2026-03-10T03:00:00.000Z' } }),
    });
    renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 2, name: 'Pay at any QRIS merchant' })).toBeInTheDocument();
    expect(screen.getByText('Any shop, café or stall that shows the QRIS logo accepts it.')).toBeInTheDocument();
    expect(screen.getByText('You can pay up to Rp 2.000.000 per transaction.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link my e-wallet' }));

    await findFocusedStep('Link your e-wallet');
    const wallets = screen.getByRole('group', { name: 'E-wallet' });
    expect(within(wallets).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['GoPay', 'OVO', 'DANA', 'ShopeePay', 'LinkAja']);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose your e-wallet.');
    expect(api.to('PUT', walletPath)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'OVO' }));
    await user.type(screen.getByLabelText('E-wallet phone number'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Link' }));

    await findFocusedStep('How much to pay');
    expect(api.bodiesOf(walletPath).filter(Boolean)).toEqual([{ wallet: 'ovo', phone: '081234567890' }]);
    expect(screen.getByText('OVO')).toBeInTheDocument();
    expect(screen.getByText('+62 812-****-7890')).toBeInTheDocument();
  });

  it('shows the server’s refusal of the wallet’s phone number under the field', async () => {
    stubQris({
      wallet: () => okAnswer({ data: null }),
      [`PUT ${walletPath}`]: () => errorAnswer('VALIDATION_FAILED', { details: [{ field: 'body.phone', rule: 'phone', message: 'Invalid phone number, please try again' }] }),
    });
    renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Link my e-wallet' }));
    await user.click(screen.getByRole('radio', { name: 'DANA' }));
    await user.type(screen.getByLabelText('E-wallet phone number'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Link' }));

    const phone = screen.getByLabelText('E-wallet phone number');
    await vi.waitFor(() => expect(phone).toHaveAccessibleDescription('+62 Invalid phone number, please try again'));
    expect(phone).toHaveFocus();
  });

  it('changes the linked e-wallet from the amount step', async () => {
    stubQris({ [`PUT ${walletPath}`]: () => okAnswer({ data: { ...gopayLink, wallet: 'linkaja' } }) });
    renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    const user = userEvent.setup();
    expect(await screen.findByText('GoPay')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change e-wallet, now GoPay' }));

    expect(screen.getByRole('radio', { name: 'GoPay' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'LinkAja' }));
    await user.type(screen.getByLabelText('E-wallet phone number'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('LinkAja')).toBeInTheDocument();
  });

  it('refuses an amount of Rp 0 or above Rp 2.000.000 before sending anything', async () => {
    const api = stubQris();
    renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'How much to pay' })).toBeInTheDocument();
    expect(screen.getByText('Warung Bu Sri')).toBeInTheDocument();
    expect(screen.getByText('JAKARTA')).toBeInTheDocument();
    expect(amountField()).toHaveAccessibleDescription('Up to Rp 2.000.000 per transaction');

    await user.type(amountField(), '0');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount to pay, more than Rp 0.');
    expect(amountField()).toHaveFocus();

    await user.type(amountField(), '2000001');
    expect(amountField()).toHaveValue('2.000.001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A QRIS payment may be at most Rp 2.000.000 per transaction.');
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'How much to pay' })).toBeInTheDocument();
    expect(api.to('POST', paymentsPath)).toHaveLength(0);

    await user.clear(amountField());
    await user.type(amountField(), '2000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findFocusedStep('Confirm your payment');
    expect(screen.getByRole('button', { name: 'Pay Rp 2.000.000' })).toBeInTheDocument();
  });

  it('shows a dynamic QRIS’s own amount, not to be typed, and sends none', async () => {
    const api = stubQris({ [`POST ${paymentsPath}`]: () => okAnswer({ data: qrisPaymentOf() }, 201), [`GET ${qrisPaymentPath}`]: () => okAnswer({ data: qrisPaymentOf() }) });
    renderQrisPage({ query: { qris: dynamicQris.qris }, qris: dynamicQris });
    const user = userEvent.setup();
    expect(await screen.findByText('Kopi Senja Kemang')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount to pay')).not.toBeInTheDocument();
    expect(screen.getByText('Rp 25.000')).toBeInTheDocument();
    expect(screen.getByText('Set by the merchant')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Pay Rp 25.000' }));
    await vi.waitFor(() => expect(api.to('POST', paymentsPath)).toHaveLength(1));
    expect(api.bodiesOf(paymentsPath)).toEqual([{ qris: dynamicQris.qris, source: 'wallet' }]);
  });

  it('offers a cash card’s balance, unless it is too small for the amount', async () => {
    stubQris({ card: cashCard(20_000), options: cashBalance });
    renderQrisPage({ query: { qris: dynamicQris.qris }, qris: dynamicQris });
    const payWith = await screen.findByRole('group', { name: 'Pay with' });
    await vi.waitFor(() => expect(within(payWith).getByRole('radio', { name: /Card balance/ })).toBeDisabled());
    expect(within(payWith).getByText('Balance Rp 20.000: not enough for this payment')).toBeInTheDocument();
    expect(within(payWith).getByRole('radio', { name: /GoPay/ })).toBeChecked();
  });

  it('offers the card balance only where the server says the balance is rupiah', async () => {
    const api = stubQris({ card: cashCard(100_000) });
    renderQrisPage({ query: { qris: dynamicQris.qris }, qris: dynamicQris });
    expect(await screen.findByText('GoPay')).toBeInTheDocument();
    expect(api.to('GET', optionsPath)).toHaveLength(1);
    expect(screen.queryByText('Card balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('offers only the wallet when the card pays with neither points nor balance', async () => {
    stubQris();
    renderQrisPage({ query: { qris: dynamicQris.qris }, qris: dynamicQris });
    expect(await screen.findByText('GoPay')).toBeInTheDocument();
    expect(screen.queryByText('Points')).not.toBeInTheDocument();
    expect(screen.queryByText('Card balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('offers the card’s points with what this payment takes, rounded up, where a point has a rupiah value', async () => {
    stubQris({ options: pointsAt(100) });
    renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    const user = userEvent.setup();
    const payWith = await screen.findByRole('group', { name: 'Pay with' });
    expect(within(payWith).getByRole('radio', { name: /GoPay/ })).toBeChecked();
    const points = within(payWith).getByRole('radio', { name: /Points/ });
    expect(points).toBeEnabled();
    expect(within(payWith).getByText('You have 5.000 Pts')).toBeInTheDocument();

    await user.type(amountField(), '15050');
    expect(within(payWith).getByText('151 Pts of your 5.000 Pts')).toBeInTheDocument();
    expect(screen.queryByText('Card balance')).not.toBeInTheDocument();
  });

  it('shows the points disabled, with why, when the card has too few for the amount', async () => {
    stubQris({ options: pointsAt(1), card: () => okAnswer(shopCard({ balance: { amount: 1_200, unit: 'POINT', expiring: [] } })) });
    renderQrisPage({ query: { qris: dynamicQris.qris }, qris: dynamicQris });
    const payWith = await screen.findByRole('group', { name: 'Pay with' });
    await vi.waitFor(() => expect(within(payWith).getByRole('radio', { name: /Points/ })).toBeDisabled());
    expect(within(payWith).getByText('You have 1.200 Pts: not enough for this payment')).toBeInTheDocument();
    expect(within(payWith).getByRole('radio', { name: /GoPay/ })).toBeChecked();
  });

  it('falls back to the wallet when the chosen points no longer cover the amount typed', async () => {
    stubQris({ options: pointsAt(10) });
    renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount to pay'), '20000');
    await user.click(screen.getByRole('radio', { name: /Points/ }));
    expect(screen.getByRole('radio', { name: /Points/ })).toBeChecked();

    await user.type(amountField(), '0');
    expect(screen.getByText('You have 5.000 Pts: not enough for this payment')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /GoPay/ })).toBeChecked();
  });
});

describe('ScanQrisPage: the QRIS to pay', () => {
  it('reads the QRIS again when the page has only its address (a reload)', async () => {
    const api = stubQris({ 'POST /api/qr/scan': () => okAnswer({ data: { kind: 'qris', qris: staticQris } }) });
    renderQrisPage({ query: { qris: staticQris.qris } });
    expect(await screen.findByText('Warung Bu Sri')).toBeInTheDocument();
    expect(api.bodiesOf('/api/qr/scan')).toEqual([{ code: staticQris.qris, cardId: qrisCardId }]);
    expect(screen.getByLabelText('Amount to pay')).toBeInTheDocument();
  });

  it('does not read again the QRIS the scanner handed over', async () => {
    const api = stubQris();
    renderQrisPage({ query: { qris: staticQris.qris }, qris: staticQris });
    expect(await screen.findByText('Warung Bu Sri')).toBeInTheDocument();
    expect(api.to('POST', '/api/qr/scan')).toHaveLength(0);
  });

  it('says why a QRIS in the address cannot be paid, with the way to scan again', async () => {
    stubQris({ 'POST /api/qr/scan': () => errorAnswer('QRIS_AMOUNT_TOO_HIGH') });
    renderQrisPage({ query: { qris: staticQris.qris } });
    expect(await screen.findByRole('alert')).toHaveTextContent('A QRIS payment may be at most Rp2,000,000 per transaction');
    expect(screen.getByRole('link', { name: 'Scan again' })).toHaveAttribute('href', `/qrcode-scanner?cardId=${qrisCardId}`);
  });

  it('does not send text that is no QRIS to the scan', async () => {
    const api = stubQris();
    renderQrisPage({ query: { qris: 'EARN-7Q2' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This QRIS is not recognised');
    expect(api.to('POST', '/api/qr/scan')).toHaveLength(0);
  });

  it('offers the scanner when opened without a QRIS', async () => {
    const api = stubQris();
    renderQrisPage({ query: {} });
    expect(await screen.findByRole('heading', { level: 2, name: 'No QR code to pay' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Scan a QR code' })).toHaveAttribute('href', `/qrcode-scanner?cardId=${qrisCardId}`);
    expect(api.to('POST', '/api/qr/scan')).toHaveLength(0);
  });
});
