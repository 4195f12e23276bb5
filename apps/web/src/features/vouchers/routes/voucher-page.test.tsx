import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { VOUCHER_POLL_MS } from '../api/get-voucher.ts';
import { onlineTreat, stubVouchers, voucherAnswer, voucherFixture, voucherPath } from '../vouchers.test-support.ts';
import { VoucherPage } from './voucher-page.tsx';

const active = voucherFixture({ id: 'v-1' });
const used = voucherFixture({ id: 'v-1', status: 'used', usedAt: '2026-11-24T04:05:00.000Z', usedPlace: 'Kopi Senja Senayan' });

function renderVoucher(search = '') {
  return renderPage(<VoucherPage />, { path: paths.egiftDetail.path, history: [`/egifts/details/v-1${search}`] });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VoucherPage', () => {
  it('shows an active voucher as a QR code, a barcode and its code in groups', async () => {
    stubVouchers({ [`GET ${voucherPath('v-1')}`]: voucherAnswer(active) });
    renderVoucher();
    expect(await screen.findByRole('img', { name: 'QR code of voucher H7KQM3PX9ABC' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Barcode of voucher H7KQM3PX9ABC' })).toBeInTheDocument();
    expect(screen.getByText('H7KQ M3PX 9ABC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use at the counter' })).toBeInTheDocument();
    expect(screen.getByText('One voucher per visit.')).toBeInTheDocument();
  });

  it('turns to used on its own when a till redeems it, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubVouchers({ [`GET ${voucherPath('v-1')}`]: [voucherAnswer(active), voucherAnswer(used)] });
    renderVoucher();
    await screen.findByRole('img', { name: /QR code/ });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VOUCHER_POLL_MS);
    });
    const state = await screen.findByRole('status');
    expect(await within(state).findByText(/Used on .* at Kopi Senja Senayan/)).toBeInTheDocument();
    expect(within(state).getByText('This voucher has just been used.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VOUCHER_POLL_MS * 3);
    });
    expect(api.to('GET', voucherPath('v-1'))).toHaveLength(2);
  });

  it('redeems at the counter with the outlet code, saying how many tries are left after a wrong one', async () => {
    const api = stubVouchers({
      [`GET ${voucherPath('v-1')}`]: voucherAnswer(active),
      [`POST ${voucherPath('v-1')}/redeem`]: [() => errorAnswer('VOUCHER_OUTLET_CODE_INVALID', { attemptsRemaining: 2 }), () => okAnswer({ data: used })],
    });
    renderVoucher();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use at the counter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Use at the counter' });

    await user.click(within(sheet).getByRole('button', { name: 'Use voucher' }));
    expect(within(sheet).getByText('Enter the outlet code')).toBeInTheDocument();
    expect(api.to('POST', `${voucherPath('v-1')}/redeem`)).toHaveLength(0);

    await user.type(within(sheet).getByLabelText('Outlet code'), 'WRONG1');
    await user.click(within(sheet).getByRole('button', { name: 'Use voucher' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('2 tries left before this voucher is locked for 24 hours');

    await user.clear(within(sheet).getByLabelText('Outlet code'));
    await user.type(within(sheet).getByLabelText('Outlet code'), 'SENAYAN1');
    await user.type(within(sheet).getByLabelText('Cashier code (if the outlet asks for one)'), 'C-07');
    await user.click(within(sheet).getByRole('button', { name: 'Use voucher' }));
    expect(await screen.findByText(/Used on .* at Kopi Senja Senayan/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf(`${voucherPath('v-1')}/redeem`)).toEqual([{ outletCode: 'WRONG1' }, { outletCode: 'SENAYAN1', cashierCode: 'C-07' }]);
  });

  it('says until when a voucher is locked after too many wrong codes', async () => {
    stubVouchers({
      [`GET ${voucherPath('v-1')}`]: voucherAnswer(active),
      [`POST ${voucherPath('v-1')}/redeem`]: () => errorAnswer('VOUCHER_LOCKED', { lockedUntil: '2026-11-25T04:00:00.000Z', currentTime: '2026-11-24T04:00:00.000Z' }),
    });
    renderVoucher();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use at the counter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Use at the counter' });
    await user.type(within(sheet).getByLabelText('Outlet code'), 'WRONG3');
    await user.click(within(sheet).getByRole('button', { name: 'Use voucher' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(/can be used again after Nov 25, 2026/);
    expect(within(sheet).getByRole('button', { name: 'Use voucher' })).toBeDisabled();
  });

  it('sends an online-only voucher to the shop instead of the counter', async () => {
    stubVouchers({ [`GET ${voucherPath('v-1')}`]: voucherAnswer(voucherFixture({ id: 'v-1', template: onlineTreat })) });
    renderVoucher();
    expect(await screen.findByRole('link', { name: 'Use in the shop' })).toHaveAttribute('href', `/cards/${active.cardId}/catalogs`);
    expect(screen.queryByRole('button', { name: 'Use at the counter' })).not.toBeInTheDocument();
  });

  it('hides the voucher from the wallet and can show it again', async () => {
    const api = stubVouchers({
      [`GET ${voucherPath('v-1')}`]: voucherAnswer(active),
      [`PATCH ${voucherPath('v-1')}`]: () => okAnswer({ data: { ...active, isHidden: true } }),
    });
    renderVoucher();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hide from my vouchers' }));
    expect(await screen.findByRole('button', { name: 'Show in my vouchers' })).toBeInTheDocument();
    expect(api.to('PATCH', voucherPath('v-1')).map((request) => request.body)).toEqual([{ isHidden: true }]);
  });

  it("answers another member's voucher as not found", async () => {
    stubVouchers({ [`GET ${voucherPath('v-1')}`]: () => errorAnswer('VOUCHER_NOT_FOUND') });
    renderVoucher();
    expect(await screen.findByRole('heading', { name: 'Voucher not found' })).toBeInTheDocument();
    expect(screen.getByText('This voucher does not exist')).toBeInTheDocument();
  });

  it('goes back to the card’s vouchers when opened from a purchase', async () => {
    stubVouchers({ [`GET ${voucherPath('v-1')}`]: voucherAnswer(active) });
    renderVoucher('?recentlyPurchased=1');
    const user = userEvent.setup();
    await screen.findByRole('img', { name: /QR code/ });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${active.cardId}/vouchers`);
  });
});
