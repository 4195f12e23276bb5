import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReferralInvite } from '@kartu/contracts';
import { LandingPage } from './landing-page.tsx';
import { storageKeys } from '../../../config/storage-keys.ts';
import { storedReferralCode } from '../../../lib/referrals.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { testSite } from '../../../test/site.test-support.ts';

const baseMerchant = testSite().merchant;

describe('LandingPage', () => {
  it("shows the merchant's brand name and logo", () => {
    renderPage(<LandingPage />);
    expect(screen.getByTestId('brand-name')).toHaveTextContent('Kopi Senja');
    expect(screen.getByRole('img', { name: 'Kopi Senja' })).toHaveAttribute('src', baseMerchant.iconUrl);
  });

  it('takes the header band’s colours from the page’s brand variables, with no inline style the page policy would refuse', () => {
    renderPage(<LandingPage />);
    expect(screen.getByRole('banner')).toHaveClass('landing__band');
    expect(screen.getByRole('banner')).not.toHaveAttribute('style');
  });

  it('welcomes the visitor by brand and focuses the heading', () => {
    renderPage(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Kopi Senja' })).toHaveFocus();
  });

  it('asks for a phone number when the merchant signs in by phone', () => {
    renderPage(<LandingPage />, { site: testSite({ merchant: { defaultLogin: 'phone' } }) });
    expect(screen.getByRole('region', { name: 'Sign in with your phone number' })).toBeInTheDocument();
  });

  it('asks for an e-mail when the merchant signs in by e-mail', () => {
    renderPage(<LandingPage />, { site: testSite({ merchant: { defaultLogin: 'email' } }) });
    expect(screen.getByRole('region', { name: 'Sign in with your e-mail' })).toBeInTheDocument();
  });

  it('speaks of the kind the member chose on a merchant that accepts both', () => {
    const site = testSite({ merchant: { defaultLogin: 'email', acceptsBothLogins: true } });
    renderPage(<LandingPage />, { site, history: ['/?with=phone'] });
    expect(screen.getByRole('region', { name: 'Sign in with your phone number' })).toBeInTheDocument();
  });

  it('places the sign-in form in the sign-in section', () => {
    renderPage(
      <LandingPage>
        <form aria-label="Sign-in form" />
      </LandingPage>,
    );
    const section = screen.getByRole('region', { name: 'Sign in with your phone number' });
    expect(within(section).getByRole('form', { name: 'Sign-in form' })).toBeInTheDocument();
  });

  it('shows the copyright and Powered by Kartu in the footer', () => {
    renderPage(<LandingPage />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Kopi Senja`);
    expect(footer).toHaveTextContent('Powered by Kartu');
  });

  it('hides Powered by Kartu for merchants flagged to hide it', () => {
    const site = testSite({ merchant: { flags: { ...baseMerchant.flags, hidePoweredBy: true } } });
    renderPage(<LandingPage />, { site });
    expect(screen.queryByText('Powered by Kartu')).not.toBeInTheDocument();
  });

  it('shows the banner as decoration only', () => {
    const { container } = renderPage(<LandingPage />);
    const banner = container.querySelector('img.landing__banner');
    expect(banner).toHaveAttribute('alt', '');
    expect(banner).toHaveAttribute('src', baseMerchant.bannerUrl);
  });

  it('offers the language switcher in the header band', () => {
    renderPage(<LandingPage />);
    expect(within(screen.getByRole('banner')).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });
});

const invitePath = '/api/referrals/codes/RANI2026';

function invite(overrides: Partial<ReferralInvite> = {}): ReferralInvite {
  const offer = { id: 'ref-1', programId: 'p-1', programName: 'Kopi Senja Rewards', unit: 'POINT', referrerReward: 100, friendReward: 50, rewardOn: 'purchased', status: 'active', endsAt: null } as const;
  return { ...offer, code: 'RANI2026', referrerName: 'Rani S.', ...overrides };
}

function openInviteLink(answer: Answer) {
  const server = stubApi({ [`GET ${invitePath}`]: answer });
  renderPage(
    <LandingPage>
      <form aria-label="Sign-in form" />
    </LandingPage>,
    { history: ['/?ref=RANI2026'], path: '/' },
  );
  return server;
}

describe('LandingPage opened from an invite link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says who invited the visitor and what joining brings, and keeps the code for the sign-up', async () => {
    const server = openInviteLink(() => okAnswer({ data: invite() }));
    expect(await screen.findByText('Rani S. invited you to Kopi Senja Rewards — join and receive 50 Pts')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Rani S. invited you');
    expect(storedReferralCode()).toBe('RANI2026');
    expect(JSON.parse(localStorage.getItem(storageKeys.referral) ?? '{}')).toEqual({ code: 'RANI2026', savedAt: expect.any(Number) });
    expect(server.to('GET', invitePath)).toHaveLength(1);
  });

  it('speaks of a friend when the member who invites has no name', async () => {
    openInviteLink(() => okAnswer({ data: invite({ referrerName: null, friendReward: 0 }) }));
    expect(await screen.findByText('A friend invited you to Kopi Senja Rewards')).toBeInTheDocument();
  });

  it('shows no invite and keeps nothing for a code that does not exist', async () => {
    const server = openInviteLink(() => errorAnswer('REFERRAL_NOT_FOUND'));
    await waitFor(() => expect(server.to('GET', invitePath)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/invited you/)).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.referral)).toBeNull();
  });

  it('shows no invite and keeps nothing once the promotion has ended', async () => {
    const server = openInviteLink(() => okAnswer({ data: invite({ status: 'ended' }) }));
    await waitFor(() => expect(server.to('GET', invitePath)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/invited you/)).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.referral)).toBeNull();
  });

  it('shows the sign-in form while the invite is still on its way', () => {
    openInviteLink(() => new Promise<Response>(() => undefined));
    expect(screen.getByRole('form', { name: 'Sign-in form' })).toBeInTheDocument();
  });

  it('asks nothing of the server without an invite code', async () => {
    const server = stubApi({});
    renderPage(<LandingPage />, { history: ['/'], path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
