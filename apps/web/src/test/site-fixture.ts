import type { SiteState } from '@kartu/contracts';

/** A booted demo site for tests; override only what the test is about. */
export function testSite(overrides: Partial<Omit<SiteState, 'merchant'>> & { merchant?: Partial<SiteState['merchant']> } = {}): SiteState {
  const { merchant, ...site } = overrides;
  return {
    host: 'localhost',
    viewMode: 'browser',
    defaultLanguage: 'en',
    uiVersion: 'v1',
    maintenance: false,
    active: true,
    requireReferenceId: false,
    ...site,
    merchant: {
      id: 1,
      mid: 'demo',
      maskedMerchantId: 'mDemo01',
      appId: null,
      brand: 'Kopi Kita',
      iconUrl: null,
      imgixIconUrl: null,
      bannerUrl: null,
      headerColor: '#1E3A5F',
      buttonColor: '#F96D01',
      buttonTextColor: '#FFFFFF',
      countryCode: 'ID',
      currency: { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' },
      timezone: 'Asia/Jakarta',
      defaultLogin: 'phone',
      notificationVendor: null,
      uiVersion: site.uiVersion ?? 'v1',
      homePage: { headerButtonColor: '#F96D01', headerButtonTextColor: '#FFFFFF', addCardButton: true, defaultLanguage: 'en' },
      analytics: { gaId: null, fbPixelId: null },
      flags: { ageGate: false, activationCodeWhitelist: false, hidePoweredBy: false, exclusiveCategories: [], highlightedMenus: [] },
      ...merchant,
    },
  };
}
