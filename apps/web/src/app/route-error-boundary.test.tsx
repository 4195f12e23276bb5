import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { PageNotFoundError } from '../lib/page-not-found.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function CardPage(): never {
  throw new PageNotFoundError('Card not found');
}

function BrokenPage(): never {
  throw new Error('The page broke');
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Link to="/cards">All cards</Link>
      <RouteErrorBoundary>
        <Routes>
          <Route path="cards" element={<p>Your cards</p>} />
          <Route path="cards/:cardId" element={<CardPage />} />
          <Route path="broken" element={<BrokenPage />} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

// React reports every error a boundary catches; the output is expected here.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('RouteErrorBoundary', () => {
  it('shows the 404 page with the message of a page that found nothing', async () => {
    renderAt('/cards/c404');
    expect(await screen.findByText('Card not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Oh No!' })).toBeInTheDocument();
  });

  it('shows the generic failure page with a retry for any other failure', async () => {
    renderAt('/broken');
    expect(await screen.findByRole('heading', { name: 'Oops, Something Wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('clears the error when the visitor moves to another page', async () => {
    renderAt('/broken');
    await screen.findByRole('heading', { name: 'Oops, Something Wrong' });
    await userEvent.click(screen.getByRole('link', { name: 'All cards' }));
    expect(await screen.findByText('Your cards')).toBeInTheDocument();
  });
});
