import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorAnswer, okAnswer, stubApi } from '../../test/api-stub.test-support.ts';
import { renderPage } from '../../test/render.test-support.tsx';
import { forgetTerms } from './get-terms.ts';
import { TermsLinks } from './terms-links.tsx';

const terms = { language: 'en', termsCondition: 'Points expire after 365 days.\n\nTransfers open at Silver.', privacyPolicy: 'We keep your phone number.', updatedAt: '2026-03-01T03:00:00.000Z' };

afterEach(() => {
  forgetTerms();
  vi.unstubAllGlobals();
});

describe('TermsLinks', () => {
  it('opens the terms in a sheet, paragraph by paragraph, and the privacy policy from the same answer', async () => {
    const api = stubApi({ 'POST /api/settings/terms': () => okAnswer({ data: terms }) });
    renderPage(<TermsLinks />);
    await userEvent.click(screen.getByRole('button', { name: 'Terms & Conditions' }));
    const sheet = await screen.findByRole('dialog', { name: 'Terms & Conditions' });
    expect(await within(sheet).findByText('Points expire after 365 days.')).toBeInTheDocument();
    expect(within(sheet).getByText('Transfers open at Silver.')).toBeInTheDocument();
    expect(api.bodiesOf('/api/settings/terms')).toEqual([{ language: 'en' }]);

    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    expect(await screen.findByText('We keep your phone number.')).toBeInTheDocument();
    // Kept per payload: the second document needs no second call.
    expect(api.to('POST', '/api/settings/terms')).toHaveLength(1);
  });

  it("says so in the member's language when the merchant has written none, and tries again on request", async () => {
    const api = stubApi({ 'POST /api/settings/terms': [() => errorAnswer('TERMS_NOT_FOUND'), () => okAnswer({ data: terms })] });
    renderPage(<TermsLinks />);
    await userEvent.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The terms and privacy policy are not available yet');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('We keep your phone number.')).toBeInTheDocument();
    expect(api.to('POST', '/api/settings/terms')).toHaveLength(2);
  });
});
