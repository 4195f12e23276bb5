import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentCheckAnswer, Subscription, SubscriptionPage } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { SubscribePage } from './subscribe-page.tsx';

const cardId = 'club00000000000000000001';
const paymentId = '0b7c9e2a-4d1f-4c3e-8a5b-6f7e8d9c0a1b';
const monthly = { id: 'plan-monthly', name: 'Monthly', description: 'A free coffee every week', durationMonths: 1, price: 49_000, currency: 'IDR', autoRenewDefault: false };
const yearly = { id: 'plan-yearly', name: 'Yearly', description: null, durationMonths: 12, price: 490_000, currency: 'IDR', autoRenewDefault: true };
const sandbox: PaymentCheckAnswer = { isValid: true, listPayment: ['virtual_account', 'qris', 'credit_card', 'cash_on_delivery'], publicKey: 'sandbox_public_key', provider: 'sandbox', tokenizationUrl: null };

const waitingPayment = {
  id: paymentId,
  status: 'waiting_payment',
  subject: { type: 'subscription', id: 'charge-1' },
  amount: 56_890,
  currency: 'IDR',
  method: 'virtual_account',
  provider: 'sandbox',
  instructions: { kind: 'virtual_account', bank: 'SANDBOX', accountNumber: '8808123456789012' },
  failureReason: null,
  expiresAt: '2026-11-25T03:00:00.000Z',
  createdAt: '2026-11-24T03:00:00.000Z',
  updatedAt: '2026-11-24T03:00:00.000Z',
  proof: null,
};

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub-1',
    status: 'active',
    isExpired: false,
    isRenewable: false,
    endsAt: '2026-12-24T03:00:00.000Z',
    plan: { id: monthly.id, name: monthly.name, durationMonths: 1 },
    autoRenew: true,
    nextBillingDate: '2026-12-24T03:00:00.000Z',
    lastBillingDate: '2026-11-24T03:00:00.000Z',
    graceUntil: null,
    card: { brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030, nameOnCard: 'Rani' },
    openPayment: null,
    ...overrides,
  };
}

function stubs(page: Omit<SubscriptionPage, 'program'>, payments: PaymentCheckAnswer = sandbox, answers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`GET /api/v2/cards/${cardId}/subscription`]: () => okAnswer({ program: { id: 'club', name: 'Kopi Senja Club' }, ...page }),
    'POST /api/v2/payments': () => okAnswer(payments),
    'POST /api/v2/fees/subscription': () => okAnswer({ data: [{ type: 'admin', amount: 2_500 }, { type: 'tax', amount: 5_390 }], subtotal: 49_000, total: 56_890, currency: 'IDR' }),
    'POST /api/v2/cards/subscriptions': () => okAnswer({ subscription: subscription({ status: 'inactive', isExpired: true }), payment: waitingPayment }, 201),
    [`PATCH /api/v2/cards/${cardId}/subscription`]: () => okAnswer({ data: subscription({ autoRenew: false, nextBillingDate: null }) }),
    ...answers,
  });
}

function renderSubscribe() {
  return renderPage(<SubscribePage />, { path: paths.cardSubscribe.path, history: [`/cards/${cardId}`, `/cards/${cardId}/subscribe`] });
}

afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
});

describe('SubscribePage', () => {
  it('offers the plans with the fee lines the server worked out, and pays by virtual account with an Idempotency-Key', async () => {
    const api = stubs({ plans: [monthly, yearly], subscription: null });
    renderSubscribe();

    expect(await screen.findByRole('heading', { name: 'Join Kopi Senja Club' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Monthly/ })).toBeChecked();
    expect(await screen.findByText('Rp 5.390')).toBeInTheDocument();
    expect(screen.getByText('Total to pay').nextSibling).toHaveTextContent('Rp 56.890');
    // Cash on delivery is for orders that are delivered, not memberships.
    expect(screen.queryByRole('radio', { name: /cash on delivery/i })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pay Rp 56.890' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/subscribe/payment?payment=${paymentId}`));
    const [sent] = api.to('POST', '/api/v2/cards/subscriptions');
    expect(sent?.body).toEqual({ cardId, planId: monthly.id, transactionType: 'subscriptionNew', paymentMethod: 'virtual_account', autoRenew: false });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.bodiesOf('/api/v2/fees/subscription')).toContainEqual({ cardId, planId: monthly.id, paymentMethod: 'virtual_account' });
  });

  it('renews an expired membership, saying when it ended', async () => {
    const api = stubs({ plans: [monthly, yearly], subscription: subscription({ status: 'expired', isExpired: true, isRenewable: true, autoRenew: false, nextBillingDate: null, card: null }) });
    renderSubscribe();

    expect(await screen.findByText(/Your membership ended on December 24, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Renew your membership' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    await user.click(screen.getByRole('radio', { name: /QRIS/ }));
    await user.click(await screen.findByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(api.to('POST', '/api/v2/cards/subscriptions')).toHaveLength(1));
    expect(api.to('POST', '/api/v2/cards/subscriptions')[0]?.body).toMatchObject({ planId: yearly.id, transactionType: 'subscriptionRenewal', paymentMethod: 'qris' });
  });

  it('pays by card with only the token the card form made, keeping it for automatic renewal', async () => {
    const api = stubs({ plans: [monthly], subscription: null });
    renderSubscribe();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Credit or debit card/ }));
    await user.click(screen.getByRole('checkbox', { name: /Renew automatically/ }));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Name on card'), 'Rani Saputra');
    await user.type(screen.getByLabelText(/Expiry/), '1230');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: /^Pay/ }));

    await waitFor(() => expect(api.to('POST', '/api/v2/cards/subscriptions')).toHaveLength(1));
    const sent = api.to('POST', '/api/v2/cards/subscriptions')[0];
    expect(sent?.body).toMatchObject({ paymentMethod: 'credit_card', autoRenew: true, card: { token: 'sandbox_card_ok_visa_4242', last4: '4242', brand: 'visa' } });
    expect(JSON.stringify(sent?.body)).not.toContain('4242424242424242');
  });

  it('says "Invalid Credit Card information" in the member’s words when the server refuses the card', async () => {
    stubs({ plans: [monthly], subscription: null }, sandbox, { 'POST /api/v2/cards/subscriptions': () => errorAnswer('CARD_INVALID') });
    renderSubscribe();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Credit or debit card/ }));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Name on card'), 'Rani Saputra');
    await user.type(screen.getByLabelText(/Expiry/), '1230');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('Invalid Credit Card information')).toBeInTheDocument();
    expect(screen.queryByText('This request cannot be processed')).not.toBeInTheDocument();
  });

  it('shows a running membership with its dates, and turns auto-renew off', async () => {
    const api = stubs({ plans: [monthly], subscription: subscription() });
    renderSubscribe();

    expect(await screen.findByRole('heading', { name: 'Monthly' })).toBeInTheDocument();
    expect(screen.getByText('Next billing').nextSibling).toHaveTextContent('December 24, 2026');
    expect(screen.getByText('VISA •••• 4242, expires 12/30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel membership' })).toHaveAttribute('href', `/cards/${cardId}/subscribe/cancel`);
    expect(screen.queryByRole('heading', { name: 'Choose your plan' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Renew automatically' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(api.bodiesOf(`/api/v2/cards/${cardId}/subscription`)).toContainEqual({ autoRenew: false }));
    expect(toast.getToasts().map((item) => item.message)).toContain('Automatic renewal is off');
  });

  it('lets a member whose automatic renewal failed pay the renewal by another method while the grace runs', async () => {
    const inGrace = subscription({ isRenewable: true, graceUntil: '2026-12-27T03:00:00.000Z', card: { brand: 'visa', last4: '0002', expiryMonth: 12, expiryYear: 2030, nameOnCard: 'Rani' } });
    const api = stubs({ plans: [monthly, yearly], subscription: inGrace });
    renderSubscribe();

    expect(await screen.findByText(/pay the renewal below by any method, or change your card/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change card' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Renew your membership' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Virtual account/ }));
    await user.click(await screen.findByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(api.to('POST', '/api/v2/cards/subscriptions')).toHaveLength(1));
    expect(api.to('POST', '/api/v2/cards/subscriptions')[0]?.body).toMatchObject({ planId: monthly.id, transactionType: 'subscriptionRenewal', paymentMethod: 'virtual_account', autoRenew: false });
  });

  it('keeps a failed payment check as an error: says why in the words of the error catalogue, and asks again', async () => {
    stubApi({
      [`GET /api/v2/cards/${cardId}/subscription`]: () => okAnswer({ program: { id: 'club', name: 'Kopi Senja Club' }, plans: [monthly], subscription: null }),
      'POST /api/v2/payments': [() => errorAnswer('INTERNAL'), () => okAnswer(sandbox)],
      'POST /api/v2/fees/subscription': () => okAnswer({ data: [], subtotal: 49_000, total: 49_000, currency: 'IDR' }),
    });
    renderSubscribe();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Pay/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says payments are unavailable when the payment check fails', async () => {
    stubs({ plans: [monthly], subscription: null }, { isValid: false, listPayment: [], publicKey: null, provider: null, tokenizationUrl: null });
    renderSubscribe();
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are not available for this card right now');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
