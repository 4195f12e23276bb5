/**
 * The one place route paths are spelled (spec: app-core §2 Screens and routes).
 * Pages link with `paths.cardDetail(id)`, never with a hand-typed string.
 */
const enc = encodeURIComponent;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  home: () => '/',
  login: () => '/login',
  authorize: () => '/authorize',
  redirect: () => '/redirect',
  featureRedirect: () => '/feature-redirect',
  passcode: () => '/passcode',
  newPin: () => '/new-pin',
  registerPhoneNumber: () => '/register-phone-number',
  ssoInvalid: () => '/sso-invalid',
  userUnderReview: () => '/user-under-review',
  qrcodeScanner: () => '/qrcode-scanner',

  cards: () => '/cards',
  addCard: () => '/cards/add-card',
  addCardByNumber: (cardNo?: string) => (cardNo ? `/cards/add/${enc(cardNo)}` : '/cards/add'),
  cardDetail: (cardId: string) => `/cards/${enc(cardId)}`,
  /** A page under one card, e.g. `cardSub(id, 'catalogs/shop')`. */
  cardSub: (cardId: string, sub: string) => `/cards/${enc(cardId)}/${sub.replace(/^\/+/, '')}`,
  cardVouchers: (cardId: string) => `/cards/${enc(cardId)}/vouchers`,
  cardRegister: (cardId: string) => `/cards/${enc(cardId)}/register`,
  cardTransactionHistory: (cardId: string) => `/cards/${enc(cardId)}/transaction-history`,
  cardTransactionDetail: (cardId: string, transactionId: string) => `/cards/${enc(cardId)}/transaction-detail/${enc(transactionId)}`,
  cardTransferPoint: (cardId: string) => `/cards/${enc(cardId)}/transfer-point`,
  cardClaimRewards: (cardId: string) => `/cards/${enc(cardId)}/claim-rewards`,
  cardLevels: (cardId: string) => `/cards/${enc(cardId)}/levels`,

  egifts: () => '/egifts',
  egiftDetail: (egiftNumber?: string) => (egiftNumber ? `/egifts/details/${enc(egiftNumber)}` : '/egifts/details'),
  egiftStack: (egiftId?: string) => (egiftId ? `/egifts/stacks/${enc(egiftId)}` : '/egifts/stacks'),
  transactionDetail: (transactionId: string) => `/transaction-detail/${enc(transactionId)}`,

  notifications: () => '/notifications',
  profile: () => '/profile',
  settings: () => '/settings',
  accountDeletion: () => '/settings/account-deletion',
  changePin: () => '/settings/change-pin',

  maintenance: () => '/maintenance',
  sorry: () => '/sorry',
  featureLocked: (feature: string) => withQuery('/feature-locked', { feature }),
  deviceLocked: () => '/device-locked',
  lock: () => '/lock',
  /** `until`: when the lock ends (ISO), read by the lock page for its countdown. */
  lock24h: (until?: string) => withQuery('/lock-24h', { until }),
  /** The 408 page (spec: app-core §2 Error pages); `from` is where its 'Try again' returns. */
  retry: (from?: string) => withQuery('/retry', { from }),
  /** The 429 page after too many scans. */
  qrLocked: (lockedUntil: string, cardId?: string) => withQuery('/qr-locked', { lockedUntil, cardId }),

  v2: {
    cards: () => '/v2/cards',
    cardDetail: (cardId: string) => `/v2/cards/${enc(cardId)}`,
    cardSub: (cardId: string, sub: string) => `/v2/cards/${enc(cardId)}/${sub.replace(/^\/+/, '')}`,
    egifts: () => '/v2/egifts',
    egiftStack: (egiftId?: string) => (egiftId ? `/v2/egifts/stacks/${enc(egiftId)}` : '/v2/egifts/stacks'),
    notifications: () => '/v2/notifications',
    settings: () => '/v2/settings',
  },
} as const;
