import { afterEach, describe, it, expect } from 'vitest';
import { getI18n } from './i18n.tsx';
import { intlLocaleOf, pickInitialLanguage, setLanguage } from './i18n.tsx';

afterEach(() => setLanguage('en'));

describe('i18n', () => {
  it('starts in the stored language, else the site default, else English', () => {
    expect(pickInitialLanguage(undefined)).toBe('en');
    expect(pickInitialLanguage('ja')).toBe('ja');
    localStorage.setItem('i18n-lang', 'id');
    expect(pickInitialLanguage('ja')).toBe('id');
    localStorage.setItem('i18n-lang', 'xx');
    expect(pickInitialLanguage('ja')).toBe('ja');
  });

  it('uses ms for Malay outside the stored key', () => {
    expect(intlLocaleOf('my')).toBe('ms');
    expect(intlLocaleOf('ja')).toBe('ja');
  });

  it('loads the catalogue, switches, stores the choice and sets <html lang>', async () => {
    await setLanguage('my');
    expect(getI18n().t('toast.copied')).toBe('Disalin ke papan keratan');
    expect(localStorage.getItem('i18n-lang')).toBe('my');
    expect(document.documentElement.lang).toBe('ms');
    // The server draws this visitor's next first page in it.
    expect(document.cookie).toContain('kartu_lang=my');
  });
});
