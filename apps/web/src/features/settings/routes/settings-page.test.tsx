import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginType } from '@kartu/contracts';
import { getSession, setSession } from '../../../lib/session.ts';
import { SettingsPage } from './settings-page.tsx';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';

function signIn(loginType: LoginType) {
  setSession({ user: sessionUser({ id: 'u-7', name: 'Sari Wulandari', phone: '081234567890' }), loginType });
}

function renderSettings() {
  return renderPage(<SettingsPage />, { history: ['/cards', '/settings'] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SettingsPage', () => {
  it('offers profile, change PIN, language, sign out and account deletion', () => {
    signIn('otp');
    renderSettings();
    expect(screen.getByRole('link', { name: /^Profile/ })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: /Change PIN/ })).toHaveAttribute('href', '/settings/change-pin');
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Delete account/ })).toHaveAttribute('href', '/settings/account-deletion');
  });

  it('links to the delivery addresses', () => {
    signIn('otp');
    renderSettings();
    expect(screen.getByRole('link', { name: /Delivery addresses/ })).toHaveAttribute('href', '/settings/addresses');
  });

  it('links to the notification settings', () => {
    signIn('otp');
    renderSettings();
    expect(screen.getByRole('link', { name: /^Notifications/ })).toHaveAttribute('href', '/settings/notifications');
  });

  it('hides account deletion from single sign-on sessions', () => {
    signIn('sso');
    renderSettings();
    expect(screen.getByRole('link', { name: /Change PIN/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Delete account/ })).not.toBeInTheDocument();
  });

  it('signs out through the server, clears the session and goes home', async () => {
    signIn('pin');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    renderSettings();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(getSession().user).toBeNull();
  });

  it('still signs out and goes home when the logout call fails', async () => {
    signIn('pin');
    const fetchMock = vi.fn(async () =>
      Response.json({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' }, { status: 500 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderSettings();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().user).toBeNull();
  });

  it('still signs out when the server cannot be reached', async () => {
    signIn('otp');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderSettings();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(getSession().user).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
