/** spec: app-core §9, business-rules §4 (locks) and §9. Durations carry their unit in the name. */

// Sign-in and verification (spec: app-core §4–§5, business-rules §4 locks)
export const PIN_LENGTH = 6;
export const OTP_LENGTH = 6;
/** OTPs a fresh identifier may ask for before the lock applies. */
export const OTP_REQUESTS_START = 3;
export const OTP_LOCK_MINUTES = 3;
/** The third wrong PIN locks it. */
export const PIN_LOCK_AT_ATTEMPT = 3;
export const PIN_LOCK_MINUTES = 60;
export const ADD_CARD_MAX_WRONG_TRIES = 3;
export const ADD_CARD_LOCK_HOURS = 24;
/** The texts give two readings of the failed-login lock: 1 hour, and 24 hours in another message. */
export const LOGIN_LOCK_HOURS = 1;
export const LOGIN_LOCK_HOURS_LONG_READING = 24;
export const CODE_ENTRY_MAX_WRONG_TRIES = 3;
export const CODE_ENTRY_LOCK_HOURS = 24;
/** spec: business-rules §4 wrong QR scan attempts lock (duration not shown): docs/decisions/046-scanning.md. */
export const QR_SCAN_MAX_WRONG_TRIES = 5;
export const QR_SCAN_LOCK_MINUTES = 60;
/** Not in the spec: lookups lock for an hour after these misses, so a script cannot find out whose number holds a card. */
export const RECIPIENT_LOOKUP_MISSES_PER_HOUR = 5;

/** Not in the spec. The balance cap stays below 2^53, so every balance and total is exact as a JSON number. */
export const LEDGER_AMOUNT_MAX = 1_000_000_000_000;
export const LEDGER_BALANCE_MAX = 1_000_000_000_000_000;

// Age gate (spec: app-core §4 Age confirmation, business-rules §4)
export const AGE_THRESHOLD_DEFAULT = 18;
export const AGE_THRESHOLD_BY_COUNTRY: Readonly<Record<string, number>> = { PH: 21 };
export const AGE_CONFIRMATION_VALID_HOURS = 1;
export const AGE_GATE_MERCHANT_IDS = [1161, 6687, 8359] as const;

// Cards and orders (spec: business-rules §5 and §9)
export const CARD_NUMBER_LENGTH = 16;
/** An activation code is the PIN printed with an issued card. */
export const ACTIVATION_CODE_MIN_LENGTH = 4;
export const ACTIVATION_CODE_MAX_LENGTH = 16;
export const REGISTRATION_ANSWER_MAX_LENGTH = 200;
export const MIN_QUANTITY = 1;
export const PRECIOUS_METAL_MAX_PER_TRANSACTION = 3;
export const STOCK_DISPLAY_CAP = 100;
/** The spec's 'up to 2x24 hours' for the merchant to process a paid order. */
export const ORDER_PROCESSING_HOURS = 48;
export const IMAGE_MAX_MB = 10;
/** Binary megabytes, as file pickers and operating systems report sizes. */
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
/** Amounts in rupiah, which has no minor unit: these are also minor-unit amounts. */
export const QRIS_MAX_AMOUNT = 2_000_000;
export const CUSTOM_VALUE_MAX_AMOUNT = 100_000_000;

/** spec: app-core §3 Level: kept only while the earnings of the last this-many days reach its retentionExperience. */
export const LEVEL_RETENTION_DAYS = 365;

// Interface timings (spec: app-core §8 chunk failure, §9)
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_TIMEOUT_PIN_PAYMENT_MS = 3000;
export const TOAST_TIMEOUT_ROUTE_LAYER_MS = 4000;
export const PROGRESS_BAR_THROTTLE_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5000;
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
export const FETCH_MIN_DELAY_MS = 200;
/** A failed chunk load reloads the page at most once in this window. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

// Layout (spec: app-core §1, §2 Layout and header)
export const APP_MAX_WIDTH_PX = 480;
/** The banner's preload names the same `sizes`, so the browser fetches the very file the image then uses. */
export const LANDING_BANNER_SIZES = `(max-width: ${APP_MAX_WIDTH_PX}px) 100vw, ${APP_MAX_WIDTH_PX}px`;
export const MOBILE_BREAKPOINT_PX = 767;
export const REWARD_HEADER_FLOAT_SCROLL_PX = 62;
export const TRANSPARENT_HEADER_SCROLL_PX = 300;
export const UNREAD_BADGE_CAP = 99;

/** Kept on the redirect from home to /cards (spec: app-core §9). */
export const HOME_KEPT_QUERY_KEYS = ['utm_source', 'referenceId'] as const;

// Branding (spec: app-core §1 — the default primary button is #F96D01 with white text)
export const DEFAULT_BUTTON_COLOR = '#F96D01';
export const DEFAULT_BUTTON_TEXT_COLOR = '#FFFFFF';
/** The server puts GET /api/site's answer in the page, so the app boots without asking for it. */
export const SITE_STATE_ELEMENT_ID = 'kartu-site';
/** A signed-in page's first API answers, by URL: the API client takes each once instead of asking the server again. */
export const FIRST_ANSWERS_ELEMENT_ID = 'kartu-answers';
/** `{ language, catalogues: { namespace: catalogue } }`, so the first render needs no request for them. */
export const CATALOGUES_ELEMENT_ID = 'kartu-catalogues';
// Set on #root by the server render (namespaces space-separated; `member` absent for a visitor): the browser
// hydrates only a page it would render the same way.
export const SERVER_RENDER_ATTRIBUTES = {
  language: 'data-rendered-language',
  namespaces: 'data-rendered-namespaces',
  member: 'data-rendered-for-member',
} as const;

// Locale defaults (spec: app-core §9)
/** Structurally the same as the contracts' `Currency`, so a merchant's currency can be passed as is. */
export interface CurrencyFormat {
  readonly code: string;
  readonly symbol: string;
  readonly decimalDigits: number;
  readonly thousandSeparator: string;
  readonly decimalSeparator: string;
}

export const DEFAULT_CURRENCY = {
  code: 'IDR',
  symbol: 'Rp',
  decimalDigits: 0,
  thousandSeparator: '.',
  decimalSeparator: ',',
} as const satisfies CurrencyFormat;

export const DEFAULT_COUNTRY_CODE = 'ID';
export const DEFAULT_DIAL_CODE = '62';
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';
export const SUPPORTED_LANGUAGES = ['en', 'id', 'my', 'ja'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE = 'en' satisfies SupportedLanguage;

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Malay is stored as 'my' (spec: app-core §9) but its BCP 47 tag is 'ms': the tag pages and Intl use. */
export function intlLocaleOf(language: SupportedLanguage): string {
  return language === 'my' ? 'ms' : language;
}
export const LANGUAGE_STORAGE_KEY = 'i18n-lang';
/** Tells the server a visitor's chosen language, so it draws their first page in it. */
export const LANGUAGE_COOKIE = 'kartu_lang';
/** Loaded before the first render; the rest load with their pages. */
export const BOOT_NAMESPACES = ['common', 'pages'] as const;

/** Referral (docs/decisions/042-referrals.md): invites by phone a member may send in a day, which also slows anyone testing numbers. */
export const REFERRAL_INVITES_PER_DAY = 20;
/** A new member may join through an invite within this many days of signing up. */
export const REFERRAL_JOIN_WITHIN_DAYS = 7;
/** A friend's first purchase earns the commission when it comes within this many days of joining. */
export const REFERRAL_PURCHASE_WITHIN_DAYS = 90;
