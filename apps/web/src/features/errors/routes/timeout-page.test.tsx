import { afterAll, beforeEach, describe, it, expect, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeoutPage } from './timeout-page.tsx';
import * as reload from '../../../components/ui/reload-page.ts';
import { renderPage } from '../../../test/render.test-support.tsx';

const reloadPage = vi.spyOn(reload, 'reloadPage').mockImplementation(() => undefined);

describe('TimeoutPage', () => {
  beforeEach(() => reloadPage.mockClear());
  afterAll(() => reloadPage.mockRestore());

  it('returns to the page that timed out', async () => {
    renderPage(<TimeoutPage />, { history: ['/retry?from=%2Fcards%2Fc-1%3Ftab%3Dhistory'] });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/cards/c-1?tab=history');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads instead of following a return address on another site', async () => {
    renderPage(<TimeoutPage />, { history: ['/retry?from=%2F%2Fevil.example'] });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/retry');
  });
});
