import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { okAnswer, stubApi } from '../test/api-stub.test-support.ts';
import { visitSignedIn } from '../test/app-routes.test-support.tsx';

const visit = visitSignedIn;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings routes', () => {
  it('opens the settings page, with the address book one step away', async () => {
    stubApi({});
    visit('/settings');
    expect(await screen.findByRole('link', { name: /Delivery addresses/ })).toHaveAttribute('href', '/settings/addresses');
  });

  it('opens the address book under /settings', async () => {
    stubApi({ 'GET /api/v2/addresses': () => okAnswer({ data: [] }) });
    visit('/settings/addresses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery addresses' })).toBeInTheDocument();
  });

  it('answers 404 for a settings page this app does not have', async () => {
    stubApi({});
    visit('/settings/no-such-page');
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });

  it('answers with the not-found page below an address', async () => {
    stubApi({});
    visit('/settings/addresses/a1/more');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
