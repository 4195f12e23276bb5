import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { SiteState } from '@kartu/contracts';
import { SiteProvider } from '../../lib/site.tsx';

type SiteOverrides = Omit<Partial<SiteState>, 'merchant'> & { merchant?: Partial<SiteState['merchant']> };

/** A complete site state for page tests; override only what the test is about. */
export function testSite(overrides: SiteOverrides = {}): SiteState {
  const { merchant, ...site } = overrides;
  return {
    host: 'rewards.kopi-senja.test',
    viewMode: 'browser',
    defaultLanguage: 'en',
    uiVersion: 'v1',
    maintenance: false,
    active: true,
    requireReferenceId: false,
    ...site,
    merchant: {
      id: 42,
      mid: 'M-42',
      maskedMerchantId: 'mk42',
      appId: null,
      brand: 'Kopi Senja',
      iconUrl: 'https://cdn.test/kopi-senja/icon.png',
      imgixIconUrl: null,
      bannerUrl: 'https://cdn.test/kopi-senja/banner.jpg',
      headerColor: '#3e2723',
      buttonColor: '#f96d01',
      buttonTextColor: '#ffffff',
      countryCode: 'ID',
      currency: { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' },
      timezone: 'Asia/Jakarta',
      defaultLogin: 'phone',
      notificationVendor: null,
      uiVersion: 'v1',
      homePage: {
        headerButtonColor: '#f96d01',
        headerButtonTextColor: '#ffffff',
        addCardButton: true,
        defaultLanguage: 'en',
      },
      analytics: { gaId: null, fbPixelId: null },
      flags: {
        ageGate: false,
        activationCodeWhitelist: false,
        hidePoweredBy: false,
        exclusiveCategories: [],
        highlightedMenus: [],
      },
      ...merchant,
    },
  };
}

/** Shows where the router is, so tests can assert on navigation. */
function CurrentLocation() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

type RenderPageOptions = {
  site?: SiteState;
  /** History entries; the last one is the page under test. */
  history?: string[];
};

/** Renders a page at the last history entry, inside the site context and a memory router. */
export function renderPage(page: ReactElement, { site = testSite(), history = ['/page'] }: RenderPageOptions = {}) {
  const current = history[history.length - 1] ?? '/page';
  const pagePath = current.split('?')[0] ?? '/page';
  return render(
    <SiteProvider site={site}>
      <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
        <Routes>
          <Route path={pagePath} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <CurrentLocation />
      </MemoryRouter>
    </SiteProvider>,
  );
}
