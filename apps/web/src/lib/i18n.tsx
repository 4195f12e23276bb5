import { createContext, use, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '@kartu/contracts';
import { setRequestLanguage } from './request-language.ts';
import { embeddedData } from './embedded-data.ts';
import { BOOT_NAMESPACES, CATALOGUES_ELEMENT_ID, FALLBACK_LANGUAGE, intlLocaleOf, isSupportedLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '@kartu/core/constants';

/** Loaded before the first render. Feature namespaces (`auth`, `account`, …) load when a page first uses them. */
export const namespaces = BOOT_NAMESPACES;
export type Namespace = (typeof namespaces)[number];

import { Translator, type Catalogue, type TranslateOptions } from './translator.ts';

// One chunk per language and namespace: only the current language is ever downloaded.
const loaders = import.meta.glob<{ default: Catalogue }>('../locales/*/*.json');

/** Catalogues come from per-language, per-namespace chunks: a visitor downloads only what the pages in use need. */
async function loadCatalogue(language: string, namespace: string): Promise<Catalogue> {
  const load = loaders[`../locales/${language}/${namespace}.json`];
  return load ? (await load()).default : {};
}

export function isLanguage(value: unknown): value is Language {
  return isSupportedLanguage(value);
}

export { intlLocaleOf };

export function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** stored choice → the site's default → English. */
export function pickInitialLanguage(siteDefault: Language | undefined): Language {
  return readStoredLanguage() ?? siteDefault ?? FALLBACK_LANGUAGE;
}

/** Catalogues bundled by language and namespace, as tests and the server renderer hand them over. */
export type Resources = Record<string, Record<string, Catalogue>>;

/** A translator for one language, with the given catalogues already loaded (others load on demand). */
export function createTranslator(language: Language, catalogues: Resources = {}): Translator {
  return new Translator({ language, fallback: FALLBACK_LANGUAGE, loader: loadCatalogue, catalogues });
}

// The browser's one translator, made by initI18n; the server renderer provides one per page instead.
let appTranslator: Translator | null = null;
const TranslatorContext = createContext<Translator | null>(null);

/** Gives the components below it their own translator (the server renders each page with one). */
export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

function documentLanguage(language: Language): void {
  document.documentElement.lang = intlLocaleOf(language);
  setRequestLanguage(language);
}

/** The catalogues the server wrote into the page for its first render, when they are in `language`. */
function embeddedCatalogues(language: Language): Resources | undefined {
  const written = embeddedData(CATALOGUES_ELEMENT_ID) as { language?: unknown; catalogues?: unknown } | null;
  if (!written || written.language !== language || !written.catalogues || typeof written.catalogues !== 'object') return undefined;
  return { [language]: written.catalogues as Record<string, Catalogue> };
}

/**
 * Starts translating in the visitor's language with the first-render namespaces loaded: those the
 * server wrote into the page are there at once, the others are fetched.
 */
export async function initI18n(language: Language, resources: Resources | undefined = embeddedCatalogues(language)): Promise<void> {
  const translator = createTranslator(language, resources);
  await translator.load(namespaces);
  appTranslator = translator;
  documentLanguage(language);
}

/** Loads more namespaces in the current language (a drawn page's, before the app takes it over). */
export function loadNamespaces(pageNamespaces: readonly string[]): Promise<void> {
  return requireTranslator().load(pageNamespaces);
}

function requireTranslator(): Translator {
  if (!appTranslator) throw new Error('initI18n must run before anything is translated');
  return appTranslator;
}

/** The catalogues are loaded before the language switches, so the page never shows raw keys. */
export async function setLanguage(language: Language): Promise<void> {
  await requireTranslator().changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts until the page is closed.
  }
  // The server reads it to draw this visitor's first page in their language (a year, this site only).
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax${secure}`;
  documentLanguage(language);
}

export type TFunction = (key: string, options?: TranslateOptions) => string;

export interface I18nView {
  language: string;
  /** Whether a key has a text (in `ns`, else the namespace the view translates in). */
  exists(key: string, options?: { ns?: string }): boolean;
  /** A key's text in the current language's catalogue, if already loaded (of `ns`, else the view's namespace), or undefined. */
  textOf(key: string, options?: { ns?: string }): string | undefined;
}

/**
 * Translation for code outside components (error messages, toasts): the browser's translator, in
 * the `common` namespace unless told otherwise.
 */
export function getI18n(): I18nView & { t: TFunction } {
  const translator = requireTranslator();
  return {
    language: translator.language,
    exists: (key, options) => translator.exists(options?.ns ?? 'common', key),
    textOf: (key, options) => translator.textOf(options?.ns ?? 'common', key),
    t: (key, options) => translator.t('common', key, options),
  };
}

/**
 * A component's translations in one namespace (`common` by default). It suspends until that
 * namespace is loaded in the current language, and renders again when the language changes.
 */
export function useTranslation(namespace: string = 'common'): { t: TFunction; i18n: I18nView } {
  const translator = use(TranslatorContext) ?? requireTranslator();
  const version = useSyncExternalStore(translator.subscribe, () => translator.version, () => translator.version);
  const pending = translator.pending(namespace);
  if (pending) use(pending);
  // A new function per language, so effects that translate run again when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback<TFunction>((key, options) => translator.t(namespace, key, options), [translator, namespace, version]);
  const i18n = useMemo<I18nView>(
    () => ({
      language: translator.language,
      exists: (key, options) => translator.exists(options?.ns ?? namespace, key),
      textOf: (key, options) => translator.textOf(options?.ns ?? namespace, key),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [translator, namespace, version],
  );
  return { t, i18n };
}

export function useLanguage(): { language: Language; intlLocale: string; setLanguage: (language: Language) => Promise<void> } {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  return { language, intlLocale: intlLocaleOf(language), setLanguage };
}
