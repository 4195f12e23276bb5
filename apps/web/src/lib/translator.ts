/**
 * The app's translations: catalogues by language and namespace (the JSON files under
 * src/locales), keys with dots for nesting, `{{name}}` placeholders, plural forms by the
 * language's own rules (`key_one`, `key_other`, …, chosen by `count`) and contexts (`key_noContact`,
 * chosen by `context`). Small on purpose: it is on every page's first load.
 */

export type Catalogue = Record<string, unknown>;
export type CatalogueLoader = (language: string, namespace: string) => Promise<Catalogue>;

/** What a translation may take: values for its placeholders, a count for its plural, a context. */
export type TranslateOptions = { count?: number; context?: string } & Record<string, unknown>;

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookUp(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export class Translator {
  #language: string;
  readonly #fallback: string;
  readonly #loader: CatalogueLoader;
  readonly #catalogues = new Map<string, Catalogue>();
  readonly #loading = new Map<string, Promise<void>>();
  readonly #listeners = new Set<() => void>();
  readonly #pluralRules = new Map<string, Intl.PluralRules>();
  #version = 0;

  constructor({ language, fallback, loader, catalogues = {} }: { language: string; fallback: string; loader: CatalogueLoader; catalogues?: Record<string, Record<string, Catalogue>> }) {
    this.#language = language;
    this.#fallback = fallback;
    this.#loader = loader;
    for (const [lang, byNamespace] of Object.entries(catalogues)) {
      for (const [namespace, catalogue] of Object.entries(byNamespace)) this.#catalogues.set(`${lang}/${namespace}`, catalogue);
    }
  }

  get language(): string {
    return this.#language;
  }

  /** Changes with every switch of language, so views can tell they must render again. */
  get version(): number {
    return this.#version;
  }

  hasLoaded(namespace: string, language = this.#language): boolean {
    return this.#catalogues.has(`${language}/${namespace}`);
  }

  /** Loads the namespaces in a language (the current one by default); the same promise while one is on its way. */
  load(namespaces: readonly string[], language = this.#language): Promise<void> {
    return Promise.all(
      namespaces.map((namespace) => {
        const id = `${language}/${namespace}`;
        if (this.#catalogues.has(id)) return undefined;
        let pending = this.#loading.get(id);
        if (!pending) {
          pending = this.#loader(language, namespace).then(
            (catalogue) => {
              this.#catalogues.set(id, catalogue);
              this.#loading.delete(id);
            },
            (error: unknown) => {
              this.#loading.delete(id);
              throw error;
            },
          );
          this.#loading.set(id, pending);
        }
        return pending;
      }),
    ).then(() => undefined);
  }

  /** The promise of a namespace on its way (for Suspense), or undefined when it is here or not asked for. */
  pending(namespace: string): Promise<void> | undefined {
    if (this.hasLoaded(namespace)) return undefined;
    const id = `${this.#language}/${namespace}`;
    // The same promise on every render until it settles, as Suspense needs.
    if (!this.#loading.has(id)) this.load([namespace]).catch(() => undefined);
    return this.#loading.get(id);
  }

  /** Switches language once every namespace in use is loaded in it, so no view shows a raw key. */
  async changeLanguage(language: string): Promise<void> {
    const inUse = [...this.#catalogues.keys()].filter((id) => id.startsWith(`${this.#language}/`)).map((id) => id.slice(id.indexOf('/') + 1));
    await this.load(inUse, language);
    this.#language = language;
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  exists(namespace: string, key: string): boolean {
    return this.#find(namespace, key, {}) !== undefined;
  }

  /**
   * The text of a key as the current language's loaded catalogue of the namespace has it, or
   * undefined: nothing is loaded for it, and no other language stands in.
   */
  textOf(namespace: string, key: string): string | undefined {
    const catalogue = this.#catalogues.get(`${this.#language}/${namespace}`);
    return catalogue ? lookUp(catalogue, key) : undefined;
  }

  /** The text of a key in a namespace, placeholders filled; the key itself when no catalogue has it. */
  t(namespace: string, key: string, options: TranslateOptions = {}): string {
    const text = this.#find(namespace, key, options);
    if (text === undefined) return key;
    return text.replace(placeholder, (match, name: string) => (options[name] === undefined ? match : String(options[name])));
  }

  #find(namespace: string, key: string, { count, context }: TranslateOptions): string | undefined {
    for (const language of [this.#language, this.#fallback]) {
      const catalogue = this.#catalogues.get(`${language}/${namespace}`);
      if (!catalogue) continue;
      const bases = context ? [`${key}_${context}`, key] : [key];
      for (const base of bases) {
        if (count !== undefined) {
          const form = this.#pluralRulesOf(language).select(count);
          const plural = lookUp(catalogue, `${base}_${form}`) ?? lookUp(catalogue, `${base}_other`);
          if (plural !== undefined) return plural;
        }
        const text = lookUp(catalogue, base);
        if (text !== undefined) return text;
      }
    }
    return undefined;
  }

  #pluralRulesOf(language: string): Intl.PluralRules {
    let rules = this.#pluralRules.get(language);
    if (!rules) {
      // Malay is stored as 'my' but its rules are those of 'ms'.
      rules = new Intl.PluralRules(language === 'my' ? 'ms' : language);
      this.#pluralRules.set(language, rules);
    }
    return rules;
  }
}
