import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderPage } from '../../../components/ui/test-utils.tsx';
import { setSession } from '../../../lib/session.ts';
import { WalletPage } from './wallet-page.tsx';

const sessionAnswer = {
  user: { id: 'u-7', maskedId: 'mU7', merchantId: 42, email: null, phone: '081234567890', name: 'Sari Wulandari', country: 'ID' },
  loginType: 'otp',
  pinRequired: false,
  needSetPhone: false,
};

function renderWallet() {
  return renderPage(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WalletPage />
    </QueryClientProvider>,
    { history: ['/cards'] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WalletPage', () => {
  it("greets the member by name and says the wallet has no cards yet", async () => {
    setSession({ user: { id: 'u-7', phone: '081234567890' }, loginType: 'otp' });
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/session' ? Response.json(sessionAnswer) : new Response(null, { status: 404 }))));
    renderWallet();

    expect(screen.getByRole('heading', { level: 1, name: 'My cards' })).toBeInTheDocument();
    expect(await screen.findByText('Hi, Sari Wulandari')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'You have no cards yet' })).toBeInTheDocument();
    expect(screen.getByText('When Kopi Senja issues a loyalty card to you, it appears here with your points and rewards.')).toBeInTheDocument();
  });

  it('greets the member by the phone they signed in with while the server has not answered', () => {
    setSession({ user: { id: 'u-7', name: null, phone: '081234567890' }, loginType: 'otp' });
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    renderWallet();
    expect(screen.getByText('Hi, 081234567890')).toBeInTheDocument();
  });

  it('offers no card actions, only the way to settings', async () => {
    setSession({ user: { id: 'u-7', name: 'Sari' }, loginType: 'otp' });
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    renderWallet();

    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Settings']);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings$/);
  });
});
