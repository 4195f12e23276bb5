import i18next, { type InitOptions, type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '@kartu/contracts';
import { setRequestLanguage } from './api-client.ts';
import { BOOT_NAMESPACES, FALLBACK_LANGUAGE, intlLocaleOf, SUPPORTED_LANGUAGES, LANGUAGE_STORAGE_KEY } from '@kartu/core/constants';

/** Loaded before the first render. Feature namespaces (`auth`, `account`, …) load when a page first uses them. */
export const namespaces = BOOT_NAMESPACES;
export type Namespace = (typeof namespaces)[number];

type Catalogue = Record<string, unknown>;
type CatalogueLoader = () => Promise<{ default: Catalogue }>;

// One chunk per language and namespace: only the current language is ever downloaded.
const loaders = import.meta.glob<{ default: Catalogue }>('../locales/*/*.json');

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
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

/** Catalogues come from per-language, per-namespace chunks: a visitor downloads only what the pages in use need. */
const lazyCatalogues = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data?: Catalogue) => void) {
    const load: CatalogueLoader | undefined = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error),
    );
  },
};

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = intlLocaleOf(language);
  setRequestLanguage(language);
}

/** How the app's i18next runs, in the browser and when the server renders a page. */
export function i18nOptions(language: Language, loadedNamespaces: readonly string[], resources: Resource = {}): InitOptions {
  return {
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: [...new Set([...namespaces, ...loadedNamespaces])],
    defaultNS: 'common',
    resources,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

/**
 * Starts i18next in the visitor's language with the first-render namespaces loaded, and any
 * others the first page reads (a page the server rendered names them, so it hydrates at once).
 */
export async function initI18n(language: Language, resources?: Resource, pageNamespaces: readonly string[] = []): Promise<void> {
  await i18next.use(lazyCatalogues).use(initReactI18next).init(i18nOptions(language, pageNamespaces, resources));
  applyDocumentLanguage(language);
}

/** i18next loads the language's catalogues before it switches, so the page never shows raw keys. */
export async function setLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts until the page is closed.
  }
  applyDocumentLanguage(language);
}

export function useLanguage(): { language: Language; intlLocale: string; setLanguage: (language: Language) => Promise<void> } {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  return { language, intlLocale: intlLocaleOf(language), setLanguage };
}
