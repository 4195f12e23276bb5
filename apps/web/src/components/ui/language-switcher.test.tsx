import { afterAll, describe, it, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LanguageSwitcher } from './language-switcher.tsx';
import * as i18n from '../../lib/i18n.tsx';

const setLanguage = vi.spyOn(i18n, 'setLanguage').mockResolvedValue(undefined);
afterAll(() => setLanguage.mockRestore());

describe('LanguageSwitcher', () => {
  it('lists every language in its own name under the label Language', () => {
    render(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    const options = Array.from(select.querySelectorAll('option')).map((option) => option.textContent);
    expect(options).toEqual(['English', 'Bahasa Indonesia', 'Bahasa Melayu', '日本語']);
  });

  it('marks Malay with its standard language tag', () => {
    render(<LanguageSwitcher />);
    expect(screen.getByRole('option', { name: 'Bahasa Melayu' })).toHaveAttribute('lang', 'ms');
  });

  it('switches the language when another one is chosen', async () => {
    render(<LanguageSwitcher />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '日本語');
    expect(setLanguage).toHaveBeenCalledWith('ja');
  });
});
