import { describe, it, expect } from 'vitest';
import { screen, within } from '@testing-library/react';
import { LandingPage } from './landing-page.tsx';
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
