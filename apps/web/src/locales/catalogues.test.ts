import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCodes } from '@kartu/contracts';

const root = dirname(fileURLToPath(import.meta.url));
const languages = ['en', 'id', 'my', 'ja'];
const namespaceFiles = readdirSync(join(root, 'en')).filter((name) => name.endsWith('.json'));

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function read(language: string, file: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(root, language, file), 'utf8')) as Catalogue);
}

describe('catalogues', () => {
  it('has the common and pages namespaces in English', () => {
    expect(namespaceFiles).toContain('common.json');
    expect(namespaceFiles).toContain('pages.json');
  });

  it('translates every error code the API can answer', () => {
    const english = read('en', 'common.json');
    const untranslated = errorCodes.filter((code) => !english.has(`errors.${code}`));
    expect(untranslated).toEqual([]);
  });

  it('does not pretend other languages are English', () => {
    const english = read('en', 'common.json');
    for (const language of languages.filter((other) => other !== 'en')) {
      const catalogue = read(language, 'common.json');
      const copied = [...english].filter(([key, text]) => key.startsWith('errors.') && catalogue.get(key) === text);
      expect(copied.map(([key]) => key), language).toEqual([]);
    }
  });

  for (const file of namespaceFiles) {
    const english = read('en', file);
    for (const language of languages) {
      it(`${language}/${file} has exactly the English keys and no empty text`, () => {
        expect(existsSync(join(root, language, file))).toBe(true);
        const catalogue = read(language, file);
        expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
        const empty = [...catalogue].filter(([, text]) => text.trim() === '').map(([key]) => key);
        expect(empty).toEqual([]);
      });
    }
  }
});
