import { afterEach, describe, it, expect, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { api } from '../lib/api-client.ts';
import { getSession, setSession } from '../lib/session.ts';
import { UnauthorizedRedirect } from './unauthorized-redirect.tsx';
import { sessionUser } from '../test/session.test-support.ts';

afterEach(() => vi.unstubAllGlobals());

describe('UnauthorizedRedirect', () => {
  it('signs out and leaves for / when the server answers 401', async () => {
    setSession({ user: sessionUser({ id: 'u1' }), loginType: 'otp' });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 401 })));
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <UnauthorizedRedirect />
        <Routes>
          <Route path="/" element={<p>Home</p>} />
          <Route path="profile" element={<p>Profile</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Profile')).toBeInTheDocument();
    await act(() => api.get('/api/v2/account/profile').catch(() => undefined));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(getSession().user).toBeNull();
  });
});
