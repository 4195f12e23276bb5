import { describe, expect, it, vi } from 'vitest';
import { Translator, type Catalogue } from './translator.ts';

const english: Catalogue = {
  greeting: 'Hello, {{name}}',
  nested: { deeper: { text: 'Deep' } },
  attemptsLeft_one: '{{count}} attempt left',
  attemptsLeft_other: '{{count}} attempts left',
  message: 'Contact us or wait',
  message_noContact: 'Wait',
  onlyEnglish: 'Only in English',
};
const japanese: Catalogue = { greeting: 'こんにちは、{{name}}', attemptsLeft_other: '残り{{count}}回' };

function translator(language = 'en', loader = vi.fn((lang: string) => Promise.resolve(lang === 'ja' ? japanese : english))) {
  return { translator: new Translator({ language, fallback: 'en', loader, catalogues: { en: { auth: english } } }), loader };
}

describe('Translator', () => {
  it('fills placeholders and follows dots into nested keys', () => {
    const { translator: t } = translator();
    expect(t.t('auth', 'greeting', { name: 'Rani' })).toBe('Hello, Rani');
    expect(t.t('auth', 'nested.deeper.text')).toBe('Deep');
    expect(t.t('auth', 'greeting')).toBe('Hello, {{name}}');
  });

  it('picks the plural form by the language’s own rules', () => {
    const { translator: t } = translator();
    expect(t.t('auth', 'attemptsLeft', { count: 1 })).toBe('1 attempt left');
    expect(t.t('auth', 'attemptsLeft', { count: 2 })).toBe('2 attempts left');
    expect(t.t('auth', 'attemptsLeft', { count: 0 })).toBe('0 attempts left');
  });

  it('picks a context’s text, and the plain one when the context has none', () => {
    const { translator: t } = translator();
    expect(t.t('auth', 'message', { context: 'noContact' })).toBe('Wait');
    expect(t.t('auth', 'message', { context: undefined })).toBe('Contact us or wait');
    expect(t.t('auth', 'greeting', { context: 'other', name: 'Budi' })).toBe('Hello, Budi');
  });

  it('answers the key when no catalogue has it, and says whether one does', () => {
    const { translator: t } = translator();
    expect(t.t('auth', 'missing.key')).toBe('missing.key');
    expect(t.exists('auth', 'nested.deeper.text')).toBe(true);
    expect(t.exists('auth', 'nested.deeper')).toBe(false);
    expect(t.exists('cards', 'greeting')).toBe(false);
  });

  it('switches language once the namespaces in use are loaded in it, falling back to English for a missing key', async () => {
    const { translator: t, loader } = translator();
    const listener = vi.fn();
    t.subscribe(listener);
    await t.changeLanguage('ja');
    expect(loader).toHaveBeenCalledWith('ja', 'auth');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(t.language).toBe('ja');
    expect(t.t('auth', 'greeting', { name: 'Rani' })).toBe('こんにちは、Rani');
    expect(t.t('auth', 'attemptsLeft', { count: 1 })).toBe('残り1回');
    expect(t.t('auth', 'onlyEnglish')).toBe('Only in English');
  });

  it('loads a namespace once however often it is asked for, and tries again after a failure', async () => {
    const loader = vi.fn<(lang: string, namespace: string) => Promise<Catalogue>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ title: 'Cards' });
    const t = new Translator({ language: 'en', fallback: 'en', loader });
    await expect(t.load(['cards'])).rejects.toThrow('offline');
    expect(t.hasLoaded('cards')).toBe(false);
    const first = t.pending('cards');
    expect(t.pending('cards')).toBe(first);
    await first;
    expect(t.t('cards', 'title')).toBe('Cards');
    expect(t.pending('cards')).toBeUndefined();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
