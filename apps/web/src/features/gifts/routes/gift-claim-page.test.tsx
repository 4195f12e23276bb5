import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftPreview } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { takeSignInLink } from '../../../lib/sign-in-link.ts';
import { setSession } from '../../../lib/session.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';
import { stubVouchers, voucherFixture } from '../../../test/vouchers.test-support.ts';
import { GiftClaimPage } from './gift-claim-page.tsx';

const token = 'tok_ABC-123';
const giftPath = `/api/v2/gifts/${token}`;

function preview(overrides: Partial<GiftPreview> = {}): GiftPreview {
  return {
    status: 'pending',
    sender: { name: 'Rani' },
    message: 'Happy birthday!',
    voucher: { name: 'Kopi Susu Gula Aren', valueText: '1 Kopi Susu', image: null, usableAt: 'in_store', expiresAt: '2026-12-20T03:00:00.000Z' },
    program: { id: 'prg-1', name: 'Kopi Senja Rewards' },
    expiresAt: '2026-12-01T03:00:00.000Z',
    hasCard: true,
    isSender: false,
    forYou: true,
    recipientPhoneEnding: '4444',
    ...overrides,
  };
}

function renderClaim() {
  return renderPage(<GiftClaimPage />, { path: paths.gift.path, history: [`/gifts/${token}`] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GiftClaimPage', () => {
  it('keeps the link for after sign-in when the visitor is signed out', async () => {
    const api = stubVouchers({});
    renderClaim();
    expect(await screen.findByRole('heading', { name: 'Someone sent you a gift' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to open it' })).toHaveAttribute('href', '/');
    expect(takeSignInLink()).toBe(`/gifts/${token}`);
    expect(api.requests).toHaveLength(0);
  });

  it('shows who sent what, counts a wrong PIN, and opens the claimed voucher', async () => {
    setSession({ user: sessionUser(), loginType: 'pin' });
    const claimed = voucherFixture({ id: 'v-new' });
    const api = stubVouchers({
      [`GET ${giftPath}`]: () => okAnswer({ data: preview() }),
      [`POST ${giftPath}/claim`]: [() => errorAnswer('GIFT_PIN_INVALID', { attemptsRemaining: 2 }), () => okAnswer({ data: claimed })],
    });
    renderClaim();
    const user = userEvent.setup();
    expect(await screen.findByText('From Rani')).toBeInTheDocument();
    expect(screen.getByText('Happy birthday!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kopi Susu Gula Aren' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Gift PIN'), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('2 tries left before this gift is locked for 24 hours');
    await user.type(screen.getByLabelText('Gift PIN'), '482913');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/egifts/details/v-new'));
    expect(api.bodiesOf(`${giftPath}/claim`)).toEqual([{ pin: '111111' }, { pin: '482913' }]);
  });

  it('asks for the program’s card first, and tells a sender or a late friend why there is nothing to claim', async () => {
    setSession({ user: sessionUser(), loginType: 'pin' });
    stubVouchers({ [`GET ${giftPath}`]: [() => okAnswer({ data: preview({ hasCard: false }) })] });
    const first = renderClaim();
    expect(await screen.findByText('To receive this voucher, add your Kopi Senja Rewards card to your wallet first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/cards/add-card');
    expect(screen.queryByLabelText('Gift PIN')).not.toBeInTheDocument();
    first.unmount();

    vi.unstubAllGlobals();
    stubVouchers({ [`GET ${giftPath}`]: () => okAnswer({ data: preview({ status: 'claimed' }) }) });
    renderClaim();
    expect(await screen.findByText('This gift has already been claimed.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Gift PIN')).not.toBeInTheDocument();
  });

  it('tells a member the link reached that the gift is for another phone, and asks no PIN', async () => {
    setSession({ user: sessionUser(), loginType: 'pin' });
    const api = stubVouchers({ [`GET ${giftPath}`]: () => okAnswer({ data: preview({ forYou: false, recipientPhoneEnding: '4444' }) }) });
    renderClaim();
    expect(await screen.findByText('This gift was sent to the phone number ending in 4444. Only the member signed in with that number can claim it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Gift PIN')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('answers a link that names no gift as not found', async () => {
    setSession({ user: sessionUser(), loginType: 'pin' });
    stubVouchers({ [`GET ${giftPath}`]: () => errorAnswer('GIFT_NOT_FOUND') });
    renderClaim();
    expect(await screen.findByRole('heading', { name: 'Gift not found' })).toBeInTheDocument();
    expect(screen.getByText('This gift does not exist')).toBeInTheDocument();
  });
});
