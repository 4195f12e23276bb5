import { describe, it, expect } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SsoInvalidPage } from './sso-invalid-page.tsx';
import { renderPage } from '../../../test/render.test-support.tsx';

describe('SsoInvalidPage', () => {
  it('says the link expired or is invalid and leads back to the landing page', async () => {
    renderPage(<SsoInvalidPage />, { history: ['/sso-invalid'] });
    expect(screen.getByRole('heading', { level: 1, name: 'SSO link expired or invalid' })).toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
