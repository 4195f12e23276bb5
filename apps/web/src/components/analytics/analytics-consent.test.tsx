import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analyticsConsent, resetAnalyticsVendors, trackVendorEvent } from '../../lib/analytics-vendors.ts';
import { renderPage } from '../../test/render.test-support.tsx';
import { AnalyticsConsent } from './analytics-consent.tsx';

interface VendorWindow {
  dataLayer?: unknown[];
  fbq?: { queue: unknown[][] };
}
const vendorWindow = () => window as unknown as VendorWindow;
const vendorScripts = () => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));

afterEach(() => {
  localStorage.clear();
  resetAnalyticsVendors();
  document.head.querySelectorAll('script[src]').forEach((script) => script.remove());
  delete vendorWindow().dataLayer;
  delete vendorWindow().fbq;
});

describe('AnalyticsConsent', () => {
  it('loads nothing until the member allows it, then the tag manager and the pixel, which take the app’s events', async () => {
    renderPage(<AnalyticsConsent brand="Kopi Senja" ids={{ gaId: 'G-KARTU1234', fbPixelId: '1234567890' }} />, { history: ['/cards'] });
    expect(screen.getByRole('region', { name: 'Analytics' })).toHaveTextContent('Kopi Senja would like to measure how this app is used, with Google Analytics and the Meta pixel');
    trackVendorEvent('view_card_detail', { card_id: 'c-1' });
    expect(vendorScripts()).toEqual([]);
    expect(vendorWindow().dataLayer).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(screen.queryByRole('region', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(analyticsConsent()).toBe('granted');
    expect(vendorScripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-KARTU1234', 'https://connect.facebook.net/en_US/fbevents.js']);
    trackVendorEvent('view_card_detail', { card_id: 'c-1' });
    const layer = (vendorWindow().dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(layer).toContainEqual(['config', 'G-KARTU1234']);
    expect(layer).toContainEqual(['event', 'page_view', { page_path: '/cards' }]);
    expect(layer).toContainEqual(['event', 'view_card_detail', { card_id: 'c-1' }]);
    expect(vendorWindow().fbq?.queue).toContainEqual(['trackCustom', 'view_card_detail', { card_id: 'c-1' }]);
  });

  it('loads nothing when the member says no, and names only the vendor the merchant set', async () => {
    renderPage(<AnalyticsConsent brand="Kopi Senja" ids={{ gaId: null, fbPixelId: '1234567890' }} />, { history: ['/cards'] });
    expect(screen.getByRole('region', { name: 'Analytics' })).toHaveTextContent('with the Meta pixel, to improve it');
    await userEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(analyticsConsent()).toBe('denied');
    expect(vendorScripts()).toEqual([]);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
