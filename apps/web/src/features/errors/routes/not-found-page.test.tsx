import { describe, it, expect } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotFoundPage } from './not-found-page.tsx';
import { renderPage } from '../../../test/render.test-support.tsx';

describe('NotFoundPage', () => {
  it("says 'Oh No!' and '404 Not Found' by default", () => {
    renderPage(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Oh No!' })).toHaveFocus();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it('shows the message it is given', () => {
    renderPage(<NotFoundPage message="Card not found" />);
    expect(screen.getByText('Card not found')).toBeInTheDocument();
    expect(screen.queryByText('404 Not Found')).not.toBeInTheDocument();
  });

  it('goes back to the previous page', async () => {
    renderPage(<NotFoundPage />, { history: ['/cards?sort=recent', '/cards/unknown'] });
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/cards?sort=recent');
  });

  it('goes home when the visit started on this page', async () => {
    renderPage(<NotFoundPage />, { history: ['/cards/unknown'] });
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
