import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { giftCardFacts, giftCardTemplate, onlineTreat, stackOf, stubVouchers, voucherCardId, voucherFixture, walletAnswer, walletPath } from '../../../test/vouchers.test-support.ts';
import { CardVoucherWalletPage, VoucherWalletPage } from './voucher-wallet-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VoucherWalletPage', () => {
  it('shows stacks with their count and worth; a stack of one opens its voucher, a larger one its stack', async () => {
    const kopi = [voucherFixture({ id: 'v-1' }), voucherFixture({ id: 'v-2', expiresAt: '2026-12-24T03:00:00.000Z' })];
    const treat = voucherFixture({ id: 'v-3', template: onlineTreat });
    stubVouchers({ [`GET ${walletPath}?view=active`]: walletAnswer([stackOf(kopi), stackOf([treat])]) });
    renderPage(<VoucherWalletPage />, { path: paths.egifts.path, history: ['/egifts'] });

    const list = await screen.findByRole('list', { name: 'Active' });
    const kopiRow = within(list).getByRole('link', { name: /Kopi Susu Gula Aren/ });
    expect(kopiRow).toHaveAttribute('href', '/egifts/stacks/tpl-kopi');
    expect(kopiRow).toHaveTextContent('1 Kopi Susu · In store');
    expect(kopiRow).toHaveTextContent('×2');
    expect(kopiRow).toHaveTextContent('Valid until Dec 20, 2026');
    const treatRow = within(list).getByRole('link', { name: /Online order treat/ });
    expect(treatRow).toHaveAttribute('href', '/egifts/details/v-3');
    expect(treatRow).toHaveTextContent('Online orders');
  });

  it('shows what an e-gift voucher loads onto its gift card, as money', async () => {
    const gift = voucherFixture({ id: 'v-5', template: giftCardTemplate, giftCard: giftCardFacts });
    stubVouchers({ [`GET ${walletPath}?view=active`]: walletAnswer([stackOf([gift])]) });
    renderPage(<VoucherWalletPage />, { path: paths.egifts.path, history: ['/egifts'] });
    const row = within(await screen.findByRole('list', { name: 'Active' })).getByRole('link', { name: /Kopi Senja gift card/ });
    expect(row).toHaveTextContent('Gift card · Rp 100.000');
    expect(row).toHaveAttribute('href', '/egifts/details/v-5');
  });

  it('keeps the view in the address and asks the server for history and hidden vouchers', async () => {
    const used = voucherFixture({ id: 'v-9', status: 'used', usedAt: '2026-11-22T05:00:00.000Z', usedPlace: 'Kopi Senja Senayan' });
    const api = stubVouchers({
      [`GET ${walletPath}?view=active`]: walletAnswer([]),
      [`GET ${walletPath}?view=history`]: walletAnswer([stackOf([used])]),
      [`GET ${walletPath}?view=active&hidden=true`]: walletAnswer([]),
    });
    renderPage(<VoucherWalletPage />, { path: paths.egifts.path, history: ['/egifts'] });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'No vouchers yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const row = await screen.findByRole('link', { name: /Kopi Susu Gula Aren/ });
    expect(row).toHaveTextContent('Used on Nov 22, 2026');
    expect(row).toHaveTextContent('Used');
    expect(screen.getByTestId('location')).toHaveTextContent('/egifts?view=history');

    await user.click(screen.getByRole('tab', { name: 'Hidden' }));
    expect(await screen.findByRole('heading', { name: 'No hidden vouchers' })).toBeInTheDocument();
    expect(api.to('GET', walletPath).map((request) => request.query.toString())).toEqual(['view=active', 'view=history', 'view=active&hidden=true']);
  });
});

describe('CardVoucherWalletPage', () => {
  it("asks for the card's vouchers only and opens its stacks under the card", async () => {
    const kopi = [voucherFixture({ id: 'v-1' }), voucherFixture({ id: 'v-2' })];
    const api = stubVouchers({ [`GET ${walletPath}`]: walletAnswer([stackOf(kopi)]) });
    renderPage(<CardVoucherWalletPage />, { path: paths.cardVouchers.path, history: [`/cards/${voucherCardId}/vouchers`] });

    const row = await screen.findByRole('link', { name: /Kopi Susu Gula Aren/ });
    expect(row).toHaveAttribute('href', `/cards/${voucherCardId}/egifts/stacks/tpl-kopi`);
    expect(api.to('GET', walletPath)[0]?.query.get('cardId')).toBe(voucherCardId);
  });
});
