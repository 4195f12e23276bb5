import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { giftCardFacts, giftCardTemplate, stubVouchers, voucherAnswer, voucherFixture, voucherPath } from '../../../test/vouchers.test-support.ts';
import { VoucherPage } from './voucher-page.tsx';

const giftCardId = 'g1f7ca4d00000000000000a1';
const giftVoucher = voucherFixture({ id: 'v-1', template: giftCardTemplate, giftCard: giftCardFacts });

function renderVoucher() {
  return renderPage(<VoucherPage />, { path: paths.egiftDetail.path, history: ['/egifts/details/v-1'] });
}

afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
});

describe('VoucherPage of an e-gift voucher', () => {
  it('shows its value as money and adds it to the cards instead of showing a code, then opens the gift card', async () => {
    const api = stubVouchers({
      [`GET ${voucherPath('v-1')}`]: voucherAnswer(giftVoucher),
      [`POST ${voucherPath('v-1')}/activate`]: () => okAnswer({ data: { cardId: giftCardId } }),
    });
    renderVoucher();
    expect(await screen.findByText('Gift card · Rp 100.000')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use at the counter' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send as a gift' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to my cards' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${giftCardId}`));
    expect(api.to('POST', `${voucherPath('v-1')}/activate`)).toHaveLength(1);
    expect(toast.getToasts().map((item) => item.message)).toEqual(['Your Rp 100.000 gift card is in your cards']);
  });

  it('sends it as a gift before it is added, with the same sheet as any voucher', async () => {
    stubVouchers({ [`GET ${voucherPath('v-1')}`]: voucherAnswer(giftVoucher) });
    renderVoucher();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send as a gift' }));
    expect(await screen.findByRole('dialog', { name: 'Send as a gift' })).toBeInTheDocument();
  });

  it('says why it could not be added, and stays on the voucher', async () => {
    stubVouchers({
      [`GET ${voucherPath('v-1')}`]: voucherAnswer(giftVoucher),
      [`POST ${voucherPath('v-1')}/activate`]: () => errorAnswer('VOUCHER_GIFTED'),
    });
    renderVoucher();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add to my cards' }));
    await vi.waitFor(() => expect(toast.getToasts().map((item) => item.message)).toEqual(['This e-Voucher is being sent as a gift. Take the gift back to use it']));
    expect(screen.getByTestId('location')).toHaveTextContent('/egifts/details/v-1');
  });

  it('once added, says since when it is in the cards and leads to the gift card', async () => {
    const added = voucherFixture({
      id: 'v-1',
      template: giftCardTemplate,
      status: 'used',
      usedAt: '2026-11-17T03:00:00.000Z',
      giftCard: { ...giftCardFacts, cardId: giftCardId },
    });
    stubVouchers({ [`GET ${voucherPath('v-1')}`]: voucherAnswer(added) });
    renderVoucher();
    const link = await screen.findByRole('link', { name: 'Open gift card' });
    const state = screen.getByRole('status');
    expect(state).toHaveTextContent(/In your cards\s*Added to your cards on Nov 17, 2026/);
    expect(link).toHaveAttribute('href', `/cards/${giftCardId}`);
    expect(screen.queryByRole('button', { name: 'Add to my cards' })).not.toBeInTheDocument();
    expect(within(state).queryByText(/Used/)).not.toBeInTheDocument();
  });
});
