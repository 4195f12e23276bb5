import { describe, it, expect } from 'vitest';
import { screen } from '@testing-library/react';
import { MaintenancePage } from './maintenance-page.tsx';
import { renderPage } from '../../../test/render.test-support.tsx';

describe('MaintenancePage', () => {
  it('says the service is down for maintenance', () => {
    renderPage(<MaintenancePage />);
    expect(screen.getByRole('heading', { level: 1, name: "We'll be right back" })).toHaveFocus();
    expect(screen.getByText(/down for maintenance/)).toBeInTheDocument();
  });

  it('checks again with a full load of the home page', () => {
    renderPage(<MaintenancePage />);
    expect(screen.getByRole('link', { name: 'Check again' })).toHaveAttribute('href', '/');
  });
});
