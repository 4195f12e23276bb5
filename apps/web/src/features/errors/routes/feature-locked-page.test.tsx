import { describe, it, expect } from 'vitest';
import { screen } from '@testing-library/react';
import { FeatureLockedPage } from './feature-locked-page.tsx';
import { renderPage } from '../../../test/render.test-support.tsx';

describe('FeatureLockedPage', () => {
  it('names the locked feature', () => {
    renderPage(<FeatureLockedPage />, { history: ['/feature-locked?feature=transfer-point'] });
    expect(screen.getByText('Point transfer is not available for your account yet.')).toBeInTheDocument();
  });

  it('uses generic wording for an unknown feature', () => {
    renderPage(<FeatureLockedPage />, { history: ['/feature-locked?feature=teleport'] });
    expect(screen.getByText('This feature is not available for your account yet.')).toBeInTheDocument();
  });

  it('uses generic wording when no feature is given', () => {
    renderPage(<FeatureLockedPage />, { history: ['/feature-locked'] });
    expect(screen.getByText('This feature is not available for your account yet.')).toBeInTheDocument();
  });

  it('leads back to the cards', () => {
    renderPage(<FeatureLockedPage />, { history: ['/feature-locked?feature=catalog'] });
    expect(screen.getByRole('link', { name: 'Back to my cards' })).toHaveAttribute('href', '/cards');
  });
});
