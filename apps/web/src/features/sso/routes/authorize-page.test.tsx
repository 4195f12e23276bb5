import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderPage } from '../../../components/ui/test-utils.tsx';
import { getSession } from '../../../lib/session.ts';
import { AuthorizePage } from './authorize-page.tsx';

const token = 'sso-7f3a9c2e4b1d8f60a5e2';

const signedIn = () =>
  Response.json({
    user: { id: 'u-9', maskedId: 'mU9', merchantId: 42, email: 'rina@example.com', phone: null, name: 'Rina', country: 'ID' },
    isNewUser: false,
    loginType: 'sso',
    accessToken: 'tok_abc',
    expiresIn: 86400,
    pinRequired: false,
  });

const refused = () =>
  Response.json({ statusCode: 401, code: 'SSO_INVALID', message: 'This sign-in link is invalid or has expired' }, { status: 401 });

function stubSso(answer: () => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/auth/sso' || init.method !== 'POST') return new Response(null, { status: 404 });
      bodies.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
  return bodies;
}

function renderAuthorize(search: string) {
  return renderPage(
    <QueryClientProvider client={new QueryClient()}>
      <AuthorizePage />
    </QueryClientProvider>,
    { history: [`/authorize${search}`] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthorizePage', () => {
  it('shows an announced loading state while the link is checked', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    renderAuthorize(`?sso=${token}`);
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
  });

  it('signs the member in with the link and opens their cards', async () => {
    const bodies = stubSso(signedIn);
    renderAuthorize(`?sso=${token}`);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/));
    expect(bodies).toEqual([{ token }]);
    expect(getSession()).toEqual({ user: expect.objectContaining({ id: 'u-9', name: 'Rina' }), loginType: 'sso' });
  });

  it('goes to the invalid-link page when the server refuses the link', async () => {
    const bodies = stubSso(refused);
    renderAuthorize(`?sso=${token}`);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/sso-invalid$/));
    expect(bodies).toHaveLength(1);
    expect(getSession().user).toBeNull();
  });

  it('goes to the invalid-link page without calling the server when the link has no sso value', async () => {
    const bodies = stubSso(signedIn);
    renderAuthorize('?sso=');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/sso-invalid$/));
    expect(bodies).toEqual([]);
  });
});
