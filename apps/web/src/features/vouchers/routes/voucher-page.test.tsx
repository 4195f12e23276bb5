import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VoucherGift } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { storageKeys } from '../../../config/storage-keys.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { sessionUser } from '../../../test/session.test-support.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { VOUCHER_POLL_MS } from '../api/get-voucher.ts';
import { onlineTreat, stubVouchers, voucherAnswer, voucherFixture, voucherPath } from '../../../test/vouchers.test-support.ts';
import { VoucherPage } from './voucher-page.tsx';

const active = voucherFixture({ id: 'v-1' });
const used = voucherFixture({ id: 'v-1', status: 'used', usedAt: '2026-11-24T04:05:00.000Z', usedPlace: 'Kopi Senja Senayan' });

function renderVoucher(search = '') {
  return renderPage(<VoucherPage />, { path: paths.egiftDetail.path, history: [`/egifts/details/v-1${search}`] });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.removeItem(storageKeys.voucherCodes);
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
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
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

  it('sends the voucher as a gift: the friend’s phone and a note with an Idempotency-Key, then the link to share', async () => {
    const gift = { id: 'g-1', status: 'pending', linkPath: '/gifts/tok_ABC', recipientPhone: '+62 812-****-4444', message: 'Enjoy!', createdAt: '2026-11-24T04:00:00.000Z', expiresAt: '2026-12-01T04:00:00.000Z', claimedAt: null, cancelledAt: null, returnedAt: null };
    const api = stubVouchers({
      [`GET ${voucherPath('v-1')}`]: voucherAnswer(active),
      [`POST ${voucherPath('v-1')}/gifts`]: () => okAnswer({ data: gift }, 201),
    });
    renderVoucher();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send as a gift' }));
    const sheet = await screen.findByRole('dialog', { name: 'Send as a gift' });
    await user.click(within(sheet).getByRole('button', { name: 'Send gift' }));
    expect(api.to('POST', `${voucherPath('v-1')}/gifts`)).toHaveLength(0);

    await user.type(within(sheet).getByRole('textbox', { name: /Your friend's phone number/ }), '081244443333');
    await user.type(within(sheet).getByLabelText('A note for your friend (optional)'), 'Enjoy!');
    await user.click(within(sheet).getByRole('button', { name: 'Send gift' }));
    const ready = await screen.findByRole('dialog', { name: 'Your gift is ready' });
    expect(within(ready).getByText(/We sent the PIN to \+62 812-\*\*\*\*-4444 by SMS/)).toBeInTheDocument();
    expect(within(ready).getByLabelText('Gift link')).toHaveValue(`${window.location.origin}/gifts/tok_ABC`);
    expect(within(ready).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(encodeURIComponent('/gifts/tok_ABC'));
    const [sent] = api.to('POST', `${voucherPath('v-1')}/gifts`);
    expect(sent?.body).toEqual({ recipientPhone: '081244443333', countryCode: '62', message: 'Enjoy!' });
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a waiting gift instead of the code, and takes it back', async () => {
    const gift: VoucherGift = { id: 'g-1', status: 'pending', linkPath: null, recipientPhone: '+62 812-****-4444', message: null, createdAt: '2026-11-24T04:00:00.000Z', expiresAt: '2026-12-01T04:00:00.000Z', claimedAt: null, cancelledAt: null, returnedAt: null };
    const api = stubVouchers({
      [`GET ${voucherPath('v-1')}`]: [voucherAnswer({ ...active, gift }), voucherAnswer({ ...active, gift: { ...gift, status: 'cancelled' } })],
      [`GET ${voucherPath('v-1')}/gift`]: () => okAnswer({ data: { ...gift, linkPath: '/gifts/tok_ABC' } }),
      [`POST ${voucherPath('v-1')}/gifts/cancel`]: () => okAnswer({ data: { ...gift, status: 'cancelled' } }),
    });
    renderVoucher();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Waiting for your friend to claim it' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sent as a gift');
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Gift link')).toHaveValue(`${window.location.origin}/gifts/tok_ABC`);

    await user.click(screen.getByRole('button', { name: 'Take the gift back' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Take the gift back?' });
    await user.click(within(dialog).getByRole('button', { name: 'Take the gift back' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(api.to('POST', `${voucherPath('v-1')}/gifts/cancel`)).toHaveLength(1);
  });

  it('tells the sender, whose page stays open, when the friend claimed the gift', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending: VoucherGift = { id: 'g-1', status: 'pending', linkPath: null, recipientPhone: '+62 812-****-4444', message: null, createdAt: '2026-11-24T04:00:00.000Z', expiresAt: '2026-12-01T04:00:00.000Z', claimedAt: null, cancelledAt: null, returnedAt: null };
    const claimed: VoucherGift = { ...pending, status: 'claimed', claimedAt: '2026-11-25T02:00:00.000Z' };
    stubVouchers({
      [`GET ${voucherPath('v-1')}`]: [voucherAnswer({ ...active, gift: pending }), () => errorAnswer('VOUCHER_NOT_FOUND')],
      [`GET ${voucherPath('v-1')}/gift`]: [() => okAnswer({ data: { ...pending, linkPath: '/gifts/tok_ABC' } }), () => okAnswer({ data: claimed })],
    });
    const { queryClient } = renderVoucher();
    // As the app's cache does: answers stay fresh for 30 s.
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    expect(await screen.findByRole('heading', { name: 'Waiting for your friend to claim it' })).toBeInTheDocument();
    await screen.findByLabelText('Gift link');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VOUCHER_POLL_MS);
    });
    expect(await screen.findByRole('heading', { name: 'Your gift was claimed' })).toBeInTheDocument();
    expect(screen.getByText(/Your friend at \+62 812-\*\*\*\*-4444 claimed this voucher on/)).toBeInTheDocument();
  });

  it('shows the code bigger on a white screen of its own, and gives focus back when closed', async () => {
    stubVouchers({ [`GET ${voucherPath('v-1')}`]: voucherAnswer(active) });
    renderVoucher();
    const user = userEvent.setup();
    const bigger = await screen.findByRole('button', { name: 'Show bigger' });
    await user.click(bigger);
    const view = await screen.findByRole('dialog', { name: 'Kopi Susu Gula Aren' });
    expect(within(view).getByRole('img', { name: 'QR code of voucher H7KQM3PX9ABC' })).toBeInTheDocument();
    expect(view).toHaveAccessibleDescription('Turn your screen brightness up so the cashier can scan the code.');
    await user.click(within(view).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bigger).toHaveFocus();
  });

  it('keeps a code the server answers once on this phone, shows it from there afterwards, and keeps it across a sign-out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setSession({ user: sessionUser({ id: 'u-7' }), loginType: 'pin' });
    const once = voucherFixture({ id: 'v-1', codeKept: 'device', code: 'M4TQ7KX2PZB9H' });
    const afterwards = { ...once, code: null };
    stubVouchers({ [`GET ${voucherPath('v-1')}`]: [voucherAnswer(once), voucherAnswer(afterwards)] });
    const first = renderVoucher();
    expect(await screen.findByRole('img', { name: 'QR code of voucher M4TQ7KX2PZB9H' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(storageKeys.voucherCodes) ?? '{}')).toEqual({ [`${window.location.host}/v-1`]: 'M4TQ7KX2PZB9H' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VOUCHER_POLL_MS * 2);
    });
    expect(screen.getByRole('img', { name: 'QR code of voucher M4TQ7KX2PZB9H' })).toBeInTheDocument();
    first.unmount();

    // Opened again later: the server answers no code, this phone still has it.
    renderVoucher();
    expect(await screen.findByRole('img', { name: 'QR code of voucher M4TQ7KX2PZB9H' })).toBeInTheDocument();
    act(() => clearSession());
    expect(JSON.parse(localStorage.getItem(storageKeys.voucherCodes) ?? '{}')).toEqual({ [`${window.location.host}/v-1`]: 'M4TQ7KX2PZB9H' });
  });

  it('says the code was shown on another phone, and the counter still uses the voucher with the outlet code', async () => {
    const api = stubVouchers({
      [`GET ${voucherPath('v-1')}`]: voucherAnswer(voucherFixture({ id: 'v-1', codeKept: 'device', code: null })),
      [`POST ${voucherPath('v-1')}/redeem`]: () => okAnswer({ data: { ...used, codeKept: 'device', code: null } }),
    });
    renderVoucher();
    expect(await screen.findByText('This code was shown once, on the phone that first opened it')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use at the counter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Use at the counter' });
    await user.type(within(sheet).getByLabelText('Outlet code'), 'SENAYAN1');
    await user.click(within(sheet).getByRole('button', { name: 'Use voucher' }));
    expect(await screen.findByText(/Used on .* at Kopi Senja Senayan/)).toBeInTheDocument();
    expect(api.bodiesOf(`${voucherPath('v-1')}/redeem`)).toEqual([{ outletCode: 'SENAYAN1' }]);
  });
});
