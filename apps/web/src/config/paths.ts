/*
 * The one place route paths are spelled (spec: app-core §2 Screens and routes). Each page has its
 * react-router pattern (`path`, read by app/routes.tsx and config/v2-routes.ts) and the link to it
 * (`href`), built from that same pattern: `paths.cardDetail.href({ cardId })`.
 */

type Query = Record<string, string | undefined>;

type SegmentOf<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? Head | SegmentOf<Tail> : Path;
type RequiredName<Segment> = Segment extends `:${string}?` ? never : Segment extends `:${infer Name}` ? Name : never;
type OptionalName<Segment> = Segment extends `:${infer Name}?` ? Name : never;

export type RouteParams<Path extends string> = { [Name in RequiredName<SegmentOf<Path>>]: string } & {
  [Name in OptionalName<SegmentOf<Path>>]?: string;
};

type HrefArgs<Path extends string> = [keyof RouteParams<Path>] extends [never]
  ? [query?: Query]
  : [params: RouteParams<Path>, query?: Query];

export interface RoutePath<Path extends string> {
  /** The react-router pattern, e.g. '/cards/:cardId'. */
  readonly path: Path;
  /** A link to the page: parameters filled in and encoded, then the query without its empty values. */
  href(...args: HrefArgs<Path>): string;
}

function withQuery(path: string, query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type Values = Readonly<Record<string, string | undefined>>;

/** Each ':name' segment takes its encoded value; an optional one without a value drops out. */
function fill(path: string, params: Values): string {
  return path.replace(/\/:(\w+)\??/g, (_segment, name: string) => {
    const value = params[name];
    return value === undefined ? '' : `/${encodeURIComponent(value)}`;
  });
}

function route<const Path extends string>(path: Path): RoutePath<Path> {
  const hasParams = path.includes(':');
  const href = (first?: Values, second?: Query) => (hasParams ? withQuery(fill(path, first ?? {}), second) : withQuery(path, first));
  return { path, href };
}

export const paths = {
  home: route('/'),
  login: route('/login'),
  authorize: route('/authorize'),
  redirect: route('/redirect'),
  featureRedirect: route('/feature-redirect'),
  passcode: route('/passcode'),
  newPin: route('/new-pin'),
  registerPhoneNumber: route('/register-phone-number'),
  ssoInvalid: route('/sso-invalid'),
  userUnderReview: route('/user-under-review'),
  qrcodeScanner: route('/qrcode-scanner'),

  cards: route('/cards'),
  addCard: route('/cards/add-card'),
  addCardByNumber: route('/cards/add/:cardNo?'),
  cardDetail: route('/cards/:cardId'),
  cardRegister: route('/cards/:cardId/register'),
  cardTransactionHistory: route('/cards/:cardId/transaction-history'),
  cardTransactionDetail: route('/cards/:cardId/transaction-detail/:transactionId'),
  /** One payment made with a gift card (a card of an `egift` program); without an id (v2 allows it) the page goes to the card. */
  cardTransactionEgiftDetail: route('/cards/:cardId/transaction-egift-detail/:transactionId?'),
  cardTransferPoint: route('/cards/:cardId/transfer-point'),
  /** A referral program of the card's (app-core §2 referral/{id}): the member's code and link, invites by phone, and the friends invited. */
  cardReferral: route('/cards/:cardId/referral/:id'),
  /** The card program's running targets (app-core §2 target-achievement): spend or collect within a window, for a reward. */
  cardTargets: route('/cards/:cardId/target-achievement'),
  cardTarget: route('/cards/:cardId/target-achievement/:missionId'),
  /** The card program's missions (app-core §2 mission-activities): running ones, and the history. Query `tab`: `history`. */
  cardMissions: route('/cards/:cardId/mission-activities'),
  cardMission: route('/cards/:cardId/mission-activities/:missionId'),
  /** One task of a mission and how to do it; without the mission's id the page finds the mission holding the task. */
  cardMissionTask: route('/cards/:cardId/mission-activities/:missionId?/task/:taskId'),
  cardClaimRewards: route('/cards/:cardId/claim-rewards'),
  cardLevels: route('/cards/:cardId/levels'),
  cardVouchers: route('/cards/:cardId/vouchers'),
  cardCatalogs: route('/cards/:cardId/catalogs'),
  /** Query `q`, `categoryId`, `type`, `sort`, `minPrice`, `maxPrice`: the list's filters, kept in the address. */
  cardShop: route('/cards/:cardId/catalogs/shop'),
  /**
   * The shop's pages are routed inside `catalogs/` (features/catalog/routes/catalog-routes.tsx, with
   * v2's `catalogs/search`, and the cart and checkout from app/shop-routes.tsx); the literal `shop`,
   * `search`, `carts` and `checkout` win over `:productType`.
   */
  cardCart: route('/cards/:cardId/catalogs/carts'),
  cardCheckout: route('/cards/:cardId/catalogs/checkout'),
  cardProduct: route('/cards/:cardId/catalogs/:productType/:productId'),
  cardEgifts: route('/cards/:cardId/egifts'),
  cardEgiftStack: route('/cards/:cardId/egifts/stacks/:egiftId?'),
  cardProfile: route('/cards/:cardId/profile'),
  /** One card's messages: a v2 page only (spec: app-core §2 V2 routes), mounted under /v2. */
  cardNotifications: route('/cards/:cardId/notifications'),
  /** The card's orders and pickup points are shop pages too, in the same chunk (app/shop-routes.tsx). */
  cardOrders: route('/cards/:cardId/orders'),
  cardOrder: route('/cards/:cardId/orders/:orderId'),
  cardOrderReceipt: route('/cards/:cardId/orders/:orderId/receipt'),
  cardOrderTrack: route('/cards/:cardId/orders/:orderId/track'),
  cardDistributors: route('/cards/:cardId/distributors'),
  cardDistributor: route('/cards/:cardId/distributors/:distributorId'),
  /** The card program's perks (app-core §2 privileges): those started, and those ended in the last 30 days. */
  cardPrivileges: route('/cards/:cardId/privileges'),
  cardPrivilege: route('/cards/:cardId/privileges/:privilegeId'),
  /** A survey perk's questions, as a form; once sent, the new answer's page. */
  cardPrivilegeSurvey: route('/cards/:cardId/privileges/:privilegeId/survey'),
  /** The member's answers to a survey perk, newest first, and one of them with its review. */
  cardPrivilegeAnswers: route('/cards/:cardId/privileges/:privilegeId/answers'),
  cardPrivilegeAnswer: route('/cards/:cardId/privileges/:privilegeId/answers/:answerId'),
  /** The card's scanner for a till's earn code or a printed code, with a form to type the printed code. */
  cardScanToEarn: route('/cards/:cardId/scan-to-earn'),
  /** Pay a scanned QRIS; the payload travels in the navigation state or query `qris`. */
  cardScanQris: route('/cards/:cardId/scan-qris'),
  /** Bills and prepaid products paid from the card: the kinds, one kind's form, and one payment. */
  cardBills: route('/cards/:cardId/bills'),
  cardBillCategory: route('/cards/:cardId/bills/:category'),
  cardBillPayment: route('/cards/:cardId/bills/payments/:billId'),
  /** Send a receipt photo to a receipt campaign (its code), or to the program's own review (no code). */
  cardScanReceipt: route('/cards/:cardId/scan-receipt/:code?'),
  /** A subscription program's plans: subscribe, renew, auto-renew, change the payment method. */
  cardSubscribe: route('/cards/:cardId/subscribe'),
  /** Query `payment`: the payment intent followed live until it settles. */
  cardSubscribePayment: route('/cards/:cardId/subscribe/payment'),
  cardSubscribeCancel: route('/cards/:cardId/subscribe/cancel'),

  /**
   * Where a payment provider's page sends the member back: the payment's own page in the app. The
   * id is the path's, or Midtrans's `order_id` query.
   */
  paymentReturn: route('/payments/:paymentId?'),

  egifts: route('/egifts'),
  egiftDetail: route('/egifts/details/:egiftNumber?'),
  egiftStack: route('/egifts/stacks/:egiftId?'),
  /** A voucher's gift link: the friend opens it, signed in, and claims the voucher with the PIN sent to their phone. */
  gifts: route('/gifts'),
  gift: route('/gifts/:token'),
  transactionDetail: route('/transaction-detail/:transactionId'),
  /** A gift card payment by its id alone: the page finds its card. */
  transactionEgiftDetail: route('/transaction-egift-detail/:transactionId'),

  /** The member's inbox (business-rules §2): the merchant's messages and the system's. */
  notifications: route('/notifications'),
  profile: route('/profile'),
  settings: route('/settings'),
  accountDeletion: route('/settings/account-deletion'),
  changePin: route('/settings/change-pin'),
  /** Push notifications: on or off for this browser, and which kinds of message push (business-rules §2 notification settings). */
  notificationSettings: route('/settings/notifications'),
  /** The member's delivery addresses; the shop's checkout will open the same list and form to pick one. */
  addresses: route('/settings/addresses'),
  addressNew: route('/settings/addresses/new'),
  addressEdit: route('/settings/addresses/:addressId'),

  maintenance: route('/maintenance'),
  sorry: route('/sorry'),
  /** Query `feature`: the locked feature's name. */
  featureLocked: route('/feature-locked'),
  deviceLocked: route('/device-locked'),
  lock: route('/lock'),
  /**
   * Query `until`: when the lock ends (ISO), read by the lock page for its countdown; `reason`
   * `add-card` (addCardLockReason) makes it the add-card lock rather than the sign-in one.
   */
  lock24h: route('/lock-24h'),
  /** The 408 page (spec: app-core §2 Error pages); query `from` is where its 'Try again' returns. */
  retry: route('/retry'),
  /** The 429 page after too many scans; query `lockedUntil` and `cardId`. */
  qrLocked: route('/qr-locked'),

  /** Development only: every shared component in each brand and language (the server refuses it in production). */
  devUi: route('/dev/ui'),
  /** Development only: the sandbox payment provider's page, to pay, fail or expire a payment. */
  devPayments: route('/dev/payments/:paymentId?'),
  /** A v2 merchant's pages live under this prefix (spec: app-core §2 V2 routes). */
  v2: route('/v2'),
} as const;

export function v2PathOf<const Path extends string>(path: Path): `${(typeof paths)['v2']['path']}${Path}` {
  return `${paths.v2.path}${path}`;
}

/** The `reason` of paths.lock24h after 3 wrong card numbers or activation codes. */
export const addCardLockReason = 'add-card';
