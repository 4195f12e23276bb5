/** Every key the web app writes to browser storage, so none is spelled twice. */
export const storageKeys = {
  session: 'kartu.session',
  /** The sign-in in progress: identifier, the last code request and its answer (spec: app-core §4 OTP flow). */
  signInFlow: 'kartu.sign-in-flow',
  /** A random id of this browser, kept across sign-outs so a known device stays known. */
  deviceId: 'kartu.device-id',
  ageConfirmation: 'kartu.age-confirmation',
  cart: 'kartu.cart',
  /**
   * Voucher codes the server keeps only as a hash: answered once, so this phone keeps them, across
   * sign-outs too (losing one loses the voucher; only its holder can open the voucher's page).
   */
  voucherCodes: 'kartu.voucher-codes',
  cardDetail: 'kartu.card-detail',
  vendorSettings: 'kartu.vendor-settings',
  chunkReloadAt: 'kartu.chunk-reload-at',
  /** This browser's push choices: when to ask again after "Not now", and push turned off here; kept across sign-outs. */
  push: 'kartu.push',
  /** Whether this device has seen (or skipped) the card page's tour: it shows once. */
  cardTour: 'kartu.card-tour',
  /** How many times each card's page has shown an in-app banner: the next visit shows the next one. */
  inAppBanners: 'kartu.in-app-banners',
  /** The code of an invite link opened before signing up, with when it was opened: a sign-up within a week joins through it. */
  referral: 'kartu.referral',
  /** Completed missions whose completion dialog this device has shown: each opens once; kept across sign-outs (an id names one member's mission). */
  celebratedMissions: 'kartu.missions.celebrated',
} as const;

/** What signing out wipes (spec: app-core §4 OTP flow: logout clears OTP, user, cart, card detail, vendor settings). */
export const signedInStorageKeys = [
  storageKeys.session,
  storageKeys.signInFlow,
  storageKeys.cart,
  storageKeys.cardDetail,
  storageKeys.vendorSettings,
  storageKeys.inAppBanners,
] as const;
