import type { Language } from '@kartu/contracts';

/*
 * Shell constants from spec app-core §9. Kept here (not imported from @kartu/core or the zod
 * contracts) so the landing page's first load stays free of shared modules with heavy imports.
 */
export const LANGUAGES: readonly Language[] = ['en', 'id', 'my', 'ja'];
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'i18n-lang';

export const DEFAULT_TIMEZONE = 'Asia/Jakarta';
export const DEFAULT_BUTTON_COLOR = '#F96D01';
export const DEFAULT_BUTTON_TEXT_COLOR = '#FFFFFF';

/** Only these query keys survive the home → /cards redirect (spec: app-core §2 Guards). */
export const KEPT_HOME_QUERY_KEYS = ['utm_source', 'referenceId'] as const;

export const UNREAD_BADGE_CAP = 99;
export const TOAST_TIMEOUT_MS = 5000;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export const REWARD_HEADER_FLOAT_AFTER_PX = 62;
export const TRANSPARENT_HEADER_SOLID_AFTER_PX = 300;
