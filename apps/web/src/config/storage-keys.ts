/** Every key the web app writes to browser storage, so none is spelled twice. */
export const storageKeys = {
  session: 'kartu.session',
  otp: 'kartu.otp',
  lastCredential: 'kartu.last-credential',
  cart: 'kartu.cart',
  cardDetail: 'kartu.card-detail',
  vendorSettings: 'kartu.vendor-settings',
  chunkReloadAt: 'kartu.chunk-reload-at',
} as const;

/** What signing out wipes (spec: app-core §4 OTP flow: logout clears OTP, user, cart, card detail, vendor settings). */
export const signedInStorageKeys = [
  storageKeys.session,
  storageKeys.otp,
  storageKeys.lastCredential,
  storageKeys.cart,
  storageKeys.cardDetail,
  storageKeys.vendorSettings,
] as const;
