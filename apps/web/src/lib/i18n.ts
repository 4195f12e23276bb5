import type { i18n as I18nInstance, Resource } from 'i18next';
import { getI18n, initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '@kartu/contracts';
import { FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from '../config/constants.ts';

export const namespaces = ['common', 'pages'] as const;
export type Namespace = (typeof namespaces)[number];

type Catalogue = Record<string, unknown>;
type CatalogueLoader = () => Promise<{ default: Catalogue }>;

// One chunk per language and namespace: only the current language is ever downloaded.
const loaders = import.meta.glob<{ default: Catalogue }>('../locales/*/*.json');

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Malay is stored as 'my' (spec: app-core §9) but its BCP 47 tag is 'ms'. */
export function intlLocaleOf(language: Language): string {
  return language === 'my' ? 'ms' : language;
}

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

/**
 * i18next comes in its own chunk, fetched while /api/site is answering; after boot every module
 * reaches the instance through react-i18next's getI18n() instead of importing i18next itself.
 */
export async function preloadI18next(): Promise<I18nInstance> {
  return (await import('i18next')).default;
}

async function loadCatalogues(language: Language): Promise<void> {
  const i18next = getI18n();
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18next.hasResourceBundle(language, namespace)) return;
      const load: CatalogueLoader | undefined = loaders[`../locales/${language}/${namespace}.json`];
      // A namespace still being written is simply empty rather than breaking the boot.
      const catalogue = load ? (await load()).default : {};
      i18next.addResourceBundle(language, namespace, catalogue, true, true);
    }),
  );
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = intlLocaleOf(language);
}

/** Loads the one catalogue the visitor needs and starts i18next in that language. */
export async function initI18n(language: Language, resources?: Resource): Promise<void> {
  const i18next = await preloadI18next();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS: 'common',
    resources: resources ?? {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (!resources) await loadCatalogues(language);
  applyDocumentLanguage(language);
}

/** Loads the catalogue first so the switch never shows raw keys. */
export async function setLanguage(language: Language): Promise<void> {
  await loadCatalogues(language);
  await getI18n().changeLanguage(language);
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
