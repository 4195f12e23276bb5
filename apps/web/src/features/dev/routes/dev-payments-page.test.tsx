import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentAnswerSchema } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import type { SandboxPayment } from '../api/sandbox-payments.ts';
import { DevPaymentsPage } from './dev-payments-page.tsx';

const older = '11111111-1111-4111-8111-111111111111';
const newer = '22222222-2222-4222-8222-222222222222';
const memberPage = '/cards/card00000000000000000001/subscribe/payment?payment=22222222-2222-4222-8222-222222222222';

function sandboxPayment(overrides: Partial<SandboxPayment> = {}): SandboxPayment {
  const payment = paymentAnswerSchema.parse({
    id: newer,
    status: 'waiting_payment',
    subject: { type: 'subscription', id: 'sub-1' },
    amount: 150000,
    currency: 'IDR',
    method: 'ewallet',
    provider: 'sandbox',
    instructions: { kind: 'redirect', url: `/dev/payments/${newer}` },
    failureReason: null,
    expiresAt: '2026-11-24T10:30:00.000Z',
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    proof: null,
  });
  return { ...payment, provider: 'sandbox', userId: 'u-7', ...overrides };
}

function renderDevPayments(entry: string) {
  return renderPage(<DevPaymentsPage />, { path: paths.devPayments.path, history: [memberPage, entry] });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DevPaymentsPage', () => {
  it('lists the site’s payments newest first, each with its status, opening its page', async () => {
    stubApi({
      'GET /api/dev/payments': () =>
        okAnswer({
          data: [
            sandboxPayment({ id: older, status: 'paid', method: 'virtual_account', amount: 50000, createdAt: '2026-11-23T08:00:00.000Z' }),
            sandboxPayment(),
          ],
        }),
    });
    renderDevPayments('/dev/payments');

    const list = await screen.findByRole('list', { name: 'Latest payments, newest first' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/dev/payments/${newer}`, `/dev/payments/${older}`]);
    expect(links[0]).toHaveTextContent('Rp 150.000');
    expect(links[0]).toHaveTextContent('Waiting for payment');
    expect(links[1]).toHaveTextContent('Paid');
  });

  it('pays a payment as the provider, then leads back to the member’s page', async () => {
    const api = stubApi({
      'GET /api/dev/payments': [() => okAnswer({ data: [sandboxPayment()] }), () => okAnswer({ data: [sandboxPayment({ status: 'paid' })] })],
      [`POST /api/dev/payments/${newer}/pay`]: () => okAnswer({ outcome: 'applied', payment: sandboxPayment({ status: 'paid' }) }),
    });
    renderDevPayments(`/dev/payments/${newer}?return=${encodeURIComponent(memberPage)}`);

    expect(await screen.findByRole('heading', { name: 'Rp 150.000' })).toBeInTheDocument();
    expect(screen.getByText('E-wallet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Done. The payment is now: Paid.')).toBeInTheDocument();
    expect(api.to('POST', `/api/dev/payments/${newer}/pay`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Fail' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to where you came from' })).toHaveAttribute('href', memberPage);
  });

  it('never sends the member back to another site', async () => {
    stubApi({ 'GET /api/dev/payments': () => okAnswer({ data: [sandboxPayment()] }) });
    renderDevPayments(`/dev/payments/${newer}?return=${encodeURIComponent('//evil.test/steal')}`);
    expect(await screen.findByRole('link', { name: 'Back to where you came from' })).toHaveAttribute('href', paths.cards.href());
  });

  it('keeps the buttons off for a payment that is final', async () => {
    stubApi({ 'GET /api/dev/payments': () => okAnswer({ data: [sandboxPayment({ status: 'expired' })] }) });
    renderDevPayments(`/dev/payments/${newer}`);
    expect(await screen.findByText('This payment is final: nothing more can happen to it.')).toBeInTheDocument();
    for (const name of ['Pay', 'Fail', 'Expire']) expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('says it is not available where the server has no sandbox (production)', async () => {
    stubApi({ 'GET /api/dev/payments': () => errorAnswer('ROUTE_NOT_FOUND') });
    renderDevPayments('/dev/payments');
    expect(await screen.findByRole('heading', { name: 'Not available here' })).toBeInTheDocument();
  });
});
