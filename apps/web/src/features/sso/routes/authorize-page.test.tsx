import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { getSession } from '../../../lib/session.ts';
import { AuthorizePage } from './authorize-page.tsx';
import { type Answer, errorAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';

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

const refused = () => errorAnswer('SSO_INVALID');

function stubSso(answer: Answer) {
  const server = stubApi({ 'POST /api/auth/sso': answer });
  return () => server.bodiesOf('/api/auth/sso');
}

function renderAuthorize(search: string) {
  return renderPage(<AuthorizePage />, { history: [`/authorize${search}`] });
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
    expect(bodies()).toEqual([{ token }]);
    expect(getSession()).toEqual({ user: expect.objectContaining({ id: 'u-9', name: 'Rina' }), loginType: 'sso' });
  });

  it('goes to the invalid-link page when the server refuses the link', async () => {
    const bodies = stubSso(refused);
    renderAuthorize(`?sso=${token}`);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/sso-invalid$/));
    expect(bodies()).toHaveLength(1);
    expect(getSession().user).toBeNull();
  });

  it('goes to the invalid-link page without calling the server when the link has no sso value', async () => {
    const bodies = stubSso(signedIn);
    renderAuthorize('?sso=');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/sso-invalid$/));
    expect(bodies()).toEqual([]);
  });
});
