import type { SiteState } from '@kartu/contracts';
import { brandingVariables } from '@kartu/core';
import { DEFAULT_BUTTON_COLOR, DEFAULT_BUTTON_TEXT_COLOR } from '@kartu/core/constants';

type SiteOverrides = Partial<Omit<SiteState, 'merchant'>> & { merchant?: Partial<SiteState['merchant']> };

/** The booted demo site (Kopi Senja on localhost) for tests; override only what the test is about. */
export function testSite(overrides: SiteOverrides = {}): SiteState {
  const { merchant, ...site } = overrides;
  const state: Omit<SiteState, 'branding'> = {
    host: 'localhost',
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
      banner: null,
      icon: null,
      headerColor: '#3e2723',
      buttonColor: DEFAULT_BUTTON_COLOR,
      buttonTextColor: DEFAULT_BUTTON_TEXT_COLOR,
      countryCode: 'ID',
      phoneRegion: { code: 'ID', dialCode: '62' },
      currency: { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' },
      timezone: 'Asia/Jakarta',
      defaultLogin: 'phone',
      acceptsBothLogins: false,
      support: { phone: '+6281234500077', email: 'halo@kopisenja.test' },
      notificationVendor: null,
      uiVersion: site.uiVersion ?? 'v1',
      homePage: {
        headerButtonColor: DEFAULT_BUTTON_COLOR,
        headerButtonTextColor: DEFAULT_BUTTON_TEXT_COLOR,
        addCardButton: true,
        defaultLanguage: 'en',
      },
      analytics: { gaId: null, fbPixelId: null },
      flags: { ageGate: false, activationCodeWhitelist: false, hidePoweredBy: false, exclusiveCategories: [], highlightedMenus: [] },
      ...merchant,
    },
  };
  // As the server works them out from the merchant's colours, unless the test sets its own.
  return { ...state, branding: site.branding ?? brandingVariables(state.merchant) };
}
