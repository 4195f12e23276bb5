import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createTranslator, I18nProvider } from '../../lib/i18n.tsx';
import { SiteProvider } from '../../lib/site.tsx';
import { testSite } from '../../test/site.test-support.ts';
import { REGION_NAMES_NAMESPACE, useStartingRegion } from './starting-region.ts';

function StartingRegion() {
  const region = useStartingRegion();
  return <p>{`${region.code} +${region.dialCode} ${region.name}`}</p>;
}

function renderIn(language: 'en' | 'ja', catalogues: Record<string, Record<string, unknown>>) {
  const translator = createTranslator(language, { [language]: { common: {}, ...catalogues } });
  return render(
    <SiteProvider site={testSite({ merchant: { phoneRegion: { code: 'MY', dialCode: '60' } } })}>
      <I18nProvider translator={translator}>
        <StartingRegion />
      </I18nProvider>
    </SiteProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the region a phone field starts on', () => {
  it('takes the country’s name the page carries, without looking it up in the browser', () => {
    const lookUp = vi.spyOn(Intl, 'DisplayNames');
    renderIn('ja', { [REGION_NAMES_NAMESPACE]: { MY: 'マレーシア' } });
    expect(screen.getByText('MY +60 マレーシア')).toBeInTheDocument();
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('names the country in the reader’s language itself when the page carries no name for it', () => {
    renderIn('ja', { [REGION_NAMES_NAMESPACE]: { ID: 'インドネシア' } });
    expect(screen.getByText('MY +60 マレーシア')).toBeInTheDocument();
  });
});
