import { afterEach, describe, it, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../lib/site.tsx';
import { setSession } from '../lib/session.ts';
import { AppRoutes } from './routes.tsx';
import { testSite } from '../test/site.test-support.ts';
import { sessionUser } from '../test/session.test-support.ts';

function visit(url: string) {
  setSession({ user: sessionUser({ id: 'u1' }), loginType: 'otp' });
  render(
    <SiteProvider site={testSite()}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </SiteProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('card routes', () => {
  it('opens the add-card page with the number from /cards/add/{cardNo}', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    visit('/cards/add/6012345678901234');
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toHaveValue('6012345678901234');
  });

  it('opens the add-card page empty on /cards/add-card', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    visit('/cards/add-card');
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toHaveValue('');
  });

  it('answers 404 for a card page this app does not have', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    visit('/cards/card00000000000000000001/no-such-page');
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });
});
