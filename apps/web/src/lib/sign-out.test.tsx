import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '../config/storage-keys.ts';
import { getSession, setSession } from './session.ts';
import { signOut, useSignOut } from './sign-out.ts';
import { renderPage } from '../test/render.test-support.tsx';
import { sessionUser } from '../test/session.test-support.ts';

function signIn() {
  setSession({ user: sessionUser({ id: 'u-7', name: 'Sari Wulandari' }), loginType: 'pin' });
  localStorage.setItem(storageKeys.cart, '[1]');
}

function SignOutButton() {
  const { signOut: leave, signingOut } = useSignOut();
  return (
    <button type="button" onClick={() => void leave()} aria-busy={signingOut}>
      {signingOut ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signOut', () => {
  it('asks the server to end the session, then clears it here', async () => {
    signIn();
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    await signOut();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(getSession().user).toBeNull();
    expect(localStorage.getItem(storageKeys.cart)).toBeNull();
  });

  it('swallows a refused logout and still clears the session', async () => {
    signIn();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' }, { status: 500 })));

    await expect(signOut()).resolves.toBeUndefined();
    expect(getSession().user).toBeNull();
  });

  it('swallows an unreachable server and still clears the session', async () => {
    signIn();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

    await expect(signOut()).resolves.toBeUndefined();
    expect(getSession().user).toBeNull();
  });
});

describe('useSignOut', () => {
  it('shows the wait while the logout runs, then lands on home signed out', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderPage(<SignOutButton />, { history: ['/', '/settings'] });

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Signing out…' })).toHaveAttribute('aria-busy', 'true');
    expect(getSession().user).not.toBeNull();

    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(getSession().user).toBeNull();
  });

  it('still lands on home signed out when the logout fails', async () => {
    signIn();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderPage(<SignOutButton />, { history: ['/settings'] });

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(getSession().user).toBeNull();
  });
});
