import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardDetail } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { setSession } from '../../../lib/session.ts';
import { errorAnswer, okAnswer, stubApi, type Answer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';
import { giftCardChargeFixture, giftCardDetail, giftCardFixture, giftCardId, giftCardPath } from '../cards.test-support.ts';
import { CardDetailPage } from './card-detail-page.tsx';

const chargesPath = `${giftCardPath}/charges`;
const counterCharge = giftCardChargeFixture({
  id: '5c3e2a10-0000-4000-8000-000000000002',
  channel: 'counter',
  reference: null,
  cashier: { id: 'cs-7', name: 'Dewi' },
  chargedAt: '2026-11-24T04:00:00.000Z',
});

function renderGiftCard({ card = giftCardDetail(), giftCard = [() => okAnswer({ data: giftCardFixture() })], extra = {} }: { card?: CardDetail; giftCard?: Answer[]; extra?: Record<string, Answer | Answer[]> } = {}) {
  setSession({ user: sessionUser({ id: 'u-7', name: 'Rani' }), loginType: 'pin' });
  const api = stubApi({ [`GET /api/v2/cards/${giftCardId}`]: () => okAnswer(card), [`GET ${giftCardPath}`]: giftCard, ...extra });
  const view = renderPage(<CardDetailPage />, { path: paths.cardDetail.path, history: ['/cards', `/cards/${giftCardId}`] });
  return { ...view, api };
}

async function openPaySheet() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pay at the counter' }));
  return { user, sheet: await screen.findByRole('dialog', { name: 'Pay at the counter' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CardDetailPage of a gift card', () => {
  it('shows what is left of its value, its code for the till, and its latest payments instead of the loyalty card', async () => {
    const voided = giftCardChargeFixture({ id: '5c3e2a10-0000-4000-8000-000000000003', amount: 10000, voidedAt: '2026-11-19T05:00:00.000Z' });
    renderGiftCard({ giftCard: [() => okAnswer({ data: giftCardFixture({ charges: [voided, giftCardFixture().charges[0]!] }) })] });

    const balance = await screen.findByRole('region', { name: 'Gift card balance' });
    expect(within(balance).getByText('Rp 65.000 left of Rp 100.000')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of gift card K7QM3PX9ABCDE' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Barcode of gift card K7QM3PX9ABCDE' })).toBeInTheDocument();
    expect(screen.getByText('K7QM 3PX9 ABCD E')).toBeInTheDocument();

    const payments = screen.getByRole('list', { name: 'Latest payments' });
    const rows = within(payments).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      `/cards/${giftCardId}/transaction-egift-detail/${voided.id}`,
      `/cards/${giftCardId}/transaction-egift-detail/5c3e2a10-0000-4000-8000-000000000001`,
    ]);
    expect(rows[0]).toHaveTextContent(/Kopi Senja Senayan.*Spent\s*−Rp 10\.000.*Voided/);
    expect(rows[1]).toHaveTextContent(/Spent\s*−Rp 35\.000/);
    expect(rows[1]).not.toHaveTextContent('Voided');

    // Not the loyalty layout: no levels, no card code to show, no shop.
    expect(screen.queryByRole('region', { name: /Level/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Shop' })).not.toBeInTheDocument();
  });

  it('cannot pay once nothing is left, and says why; a card without payments says so', async () => {
    renderGiftCard({ giftCard: [() => okAnswer({ data: giftCardFixture({ balance: 0, isUsable: false, charges: [] }) })] });
    const pay = await screen.findByRole('button', { name: 'Pay at the counter' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Nothing is left on this gift card.');
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No payments yet' })).toBeInTheDocument();
  });

  it('cannot pay with a card that is not active', async () => {
    renderGiftCard({ card: giftCardDetail({ status: 'suspended', isCardActive: false }), giftCard: [() => okAnswer({ data: giftCardFixture({ isUsable: false }) })] });
    const pay = await screen.findByRole('button', { name: 'Pay at the counter' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('This card is Under review: it cannot be used for now.');
  });

  it('pays at the counter: an amount up to the balance, a wrong code with the tries left, then what was paid and what is left', async () => {
    const { api } = renderGiftCard({
      giftCard: [() => okAnswer({ data: giftCardFixture() }), () => okAnswer({ data: giftCardFixture({ balance: 30000, charges: [counterCharge, ...giftCardFixture().charges] }) })],
      extra: { [`POST ${chargesPath}`]: [() => errorAnswer('GIFT_CARD_OUTLET_CODE_INVALID', { attemptsRemaining: 2 }), () => okAnswer({ data: { charge: counterCharge, balance: 30000 } }, 201)] },
    });
    const { user, sheet } = await openPaySheet();
    const amount = within(sheet).getByLabelText('Amount');
    expect(amount).toHaveAccessibleDescription('Up to Rp 65.000');

    await user.type(amount, '70000');
    expect(amount).toHaveValue('70.000');
    await user.click(within(sheet).getByRole('button', { name: 'Pay Rp 70.000' }));
    expect(within(sheet).getByText('That is more than the Rp 65.000 left on this gift card')).toBeInTheDocument();
    expect(amount).toHaveFocus();

    await user.clear(amount);
    await user.type(amount, '35x0.00');
    expect(amount).toHaveValue('35.000');
    await user.click(within(sheet).getByRole('button', { name: 'Pay Rp 35.000' }));
    expect(within(sheet).getByText('Enter the outlet code')).toBeInTheDocument();
    expect(api.to('POST', chargesPath)).toHaveLength(0);

    await user.type(within(sheet).getByLabelText('Outlet code'), 'WRONG1');
    await user.click(within(sheet).getByRole('button', { name: 'Pay Rp 35.000' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent("The outlet or cashier code is not correct. 2 tries left before this gift card's payments are locked for 24 hours.");

    await user.clear(within(sheet).getByLabelText('Outlet code'));
    await user.type(within(sheet).getByLabelText('Outlet code'), 'SENAYAN1');
    await user.type(within(sheet).getByLabelText('Cashier code (if the outlet asks for one)'), 'C-07');
    await user.click(within(sheet).getByRole('button', { name: 'Pay Rp 35.000' }));

    const done = await screen.findByRole('dialog', { name: 'Payment done' });
    expect(within(done).getByRole('status')).toHaveTextContent('Paid Rp 35.000 at Kopi Senja SenayanLeft on the gift card: Rp 30.000');
    expect(within(done).getByRole('button', { name: 'Done' })).toHaveFocus();
    const sent = api.to('POST', chargesPath);
    expect(sent.map((request) => request.body)).toEqual([
      { amount: 35000, outletCode: 'WRONG1' },
      { amount: 35000, outletCode: 'SENAYAN1', cashierCode: 'C-07' },
    ]);
    const [firstKey, secondKey] = sent.map((request) => request.headers.get('idempotency-key'));
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondKey).not.toBe(firstKey);

    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The card and its gift card are read again: the new payment and balance show on the page.
    expect(await screen.findByText('Rp 30.000 left of Rp 100.000')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Latest payments' })).getAllByRole('link')[0]).toHaveAttribute('href', `/cards/${giftCardId}/transaction-egift-detail/${counterCharge.id}`);
    await waitFor(() => expect(api.to('GET', `/api/v2/cards/${giftCardId}`).length).toBeGreaterThan(1));
  });

  it('sends the same payment again under the same Idempotency-Key when its answer was lost', async () => {
    const { api } = renderGiftCard({
      extra: {
        [`POST ${chargesPath}`]: [
          () => Promise.reject(new TypeError('Failed to fetch')),
          () => okAnswer({ data: { charge: counterCharge, balance: 30000 } }, 201),
        ],
      },
    });
    const { user, sheet } = await openPaySheet();
    await user.type(within(sheet).getByLabelText('Amount'), '35000');
    await user.type(within(sheet).getByLabelText('Outlet code'), 'SENAYAN1');
    await user.click(within(sheet).getByRole('button', { name: 'Pay Rp 35.000' }));
    expect(await within(sheet).findByRole('alert')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Pay Rp 35.000' }));
    await screen.findByRole('dialog', { name: 'Payment done' });
    const keys = api.to('POST', chargesPath).map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says until when payments are locked after too many wrong codes', async () => {
    renderGiftCard({
      extra: { [`POST ${chargesPath}`]: () => errorAnswer('GIFT_CARD_LOCKED', { lockedUntil: '2026-11-25T04:00:00.000Z', currentTime: '2026-11-24T04:00:00.000Z' }) },
    });
    const { user, sheet } = await openPaySheet();
    await user.type(within(sheet).getByLabelText('Amount'), '5000');
    await user.type(within(sheet).getByLabelText('Outlet code'), 'WRONG3');
    await user.click(within(sheet).getByRole('button', { name: 'Pay Rp 5.000' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(/This gift card can pay again after Nov 25, 2026/);
    expect(within(sheet).getByRole('button', { name: 'Pay Rp 5.000' })).toBeDisabled();
  });

  it('reads the gift card again when the server says the balance on screen is out of date', async () => {
    const { api } = renderGiftCard({
      giftCard: [() => okAnswer({ data: giftCardFixture() }), () => okAnswer({ data: giftCardFixture({ balance: 2000 }) })],
      extra: { [`POST ${chargesPath}`]: () => errorAnswer('INSUFFICIENT_BALANCE') },
    });
    const { user, sheet } = await openPaySheet();
    await user.type(within(sheet).getByLabelText('Amount'), '5000');
    await user.type(within(sheet).getByLabelText('Outlet code'), 'SENAYAN1');
    await user.click(within(sheet).getByRole('button', { name: 'Pay Rp 5.000' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(await within(sheet).findByText('Up to Rp 2.000')).toBeInTheDocument();
    expect(api.to('GET', giftCardPath).length).toBeGreaterThan(1);
  });
});

