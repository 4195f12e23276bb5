import { afterEach, describe, it, expect, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { progress } from '../components/feedback/progress-store.ts';
import { importPage, lazyPage } from './lazy-page.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function CardsPage() {
  return <p>Your cards</p>;
}

describe('lazy pages', () => {
  it('keeps the current page and shows the progress bar while the next page downloads', async () => {
    let arrive: (page: ComponentType) => void = () => {};
    const ProfilePage = lazyPage(() => new Promise<ComponentType>((resolve) => (arrive = resolve)));
    render(
      <MemoryRouter initialEntries={['/cards']}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="cards" element={<><CardsPage /><Link to="/profile">Profile</Link></>} />
            <Route path="profile" element={<ProfilePage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));

    await waitFor(() => expect(progress.isVisible()).toBe(true));
    expect(screen.getByText('Your cards')).toBeInTheDocument();

    arrive(() => <p>Your profile</p>);
    expect(await screen.findByText('Your profile')).toBeInTheDocument();
    expect(progress.isVisible()).toBe(false);
  });

  it('reloads the page once when a page chunk is gone after a deploy', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    void importPage(gone);
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    await expect(importPage(gone)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledOnce();
  });
});
