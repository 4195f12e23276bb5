import { describe, it, expect } from 'vitest';
import { screen } from '@testing-library/react';
import { SorryPage } from './sorry-page.tsx';
import { renderPage } from '../../../test/render.test-support.tsx';
import { testSite } from '../../../test/site.test-support.ts';

describe('SorryPage', () => {
  it("explains that the merchant's web is not active, with the brand logo", () => {
    renderPage(<SorryPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not available right now' })).toHaveFocus();
    expect(screen.getByText('The Kopi Senja web app is not active at the moment. Please come back later.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Kopi Senja' })).toHaveAttribute('src', 'https://cdn.test/kopi-senja/icon.png');
  });

  it('shows a drawing instead when the merchant has no logo', () => {
    renderPage(<SorryPage />, { site: testSite({ merchant: { iconUrl: null } }) });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(document.querySelector('.status-page__illustration svg')).not.toBeNull();
  });
});
