import { afterEach, describe, it, expect } from 'vitest';
import { getI18n } from './i18n.tsx';
import { initI18n, intlLocaleOf, pickInitialLanguage, setLanguage } from './i18n.tsx';

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

  it('starts with the catalogues the server wrote into the page when they are in its language', async () => {
    const written = document.createElement('script');
    written.type = 'application/json';
    written.id = 'kartu-catalogues';
    written.textContent = JSON.stringify({ language: 'ja', catalogues: { common: { toast: { copied: 'from the page' } }, pages: {} } });
    document.head.append(written);
    try {
      await initI18n('ja');
      expect(getI18n().t('toast.copied')).toBe('from the page');
      // In another language, the page's catalogues are not used: that language's own are loaded.
      await initI18n('my');
      expect(getI18n().t('toast.copied')).toBe('Disalin ke papan keratan');
    } finally {
      written.remove();
      await initI18n('en');
    }
  });
});
