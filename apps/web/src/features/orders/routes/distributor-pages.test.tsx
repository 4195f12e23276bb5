import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../config/paths.ts';
import { okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, distributorsPath, stubShop } from '../../../test/shop.test-support.ts';
import { DistributorListPage } from './distributor-list-page.tsx';
import { DistributorPage } from './distributor-page.tsx';

const outlet = { id: 'dst-1', name: 'Kopi Senja Tebet', address: 'Jl. Tebet Raya 40, Jakarta', phone: '+62 21 555 0101', openingHours: 'Mon–Sat 08.00–20.00', latitude: null, longitude: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('distributor pages', () => {
  it('lists the pickup points, each opening its page', async () => {
    stubShop({ [`GET ${distributorsPath}`]: () => okAnswer({ data: [outlet] }) });
    renderPage(<DistributorListPage />, { path: paths.cardDistributors.path, history: [`/cards/${cardId}/distributors`] });
    expect(await screen.findByRole('link', { name: /Kopi Senja Tebet/ })).toHaveAttribute('href', `/cards/${cardId}/distributors/dst-1`);
  });

  it('shows a pickup point with its phone to call and its opening hours', async () => {
    stubShop({ [`GET ${distributorsPath}/dst-1`]: () => okAnswer({ data: outlet }) });
    renderPage(<DistributorPage />, { path: paths.cardDistributor.path, history: [`/cards/${cardId}/distributors/dst-1`] });
    expect(await screen.findByRole('link', { name: '+62 21 555 0101' })).toHaveAttribute('href', 'tel:+62215550101');
    expect(screen.getByText('Mon–Sat 08.00–20.00')).toBeInTheDocument();
    expect(screen.getByText('Jl. Tebet Raya 40, Jakarta')).toBeInTheDocument();
  });
});
