import { afterEach, beforeEach, describe, it, expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { FeatureEligibility } from '@kartu/contracts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { signedInUser } from '../../../test/session.test-support.ts';
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

describe('FeatureLockedPage for a signed-in member', () => {
  const transferLocked = (unlock: FeatureEligibility['unlock'], isLocked = true) =>
    stubApi({ 'GET /api/users/feature-eligibilities': () => okAnswer({ data: [{ feature: 'transfer-point', isLocked, unlock }] }) });

  beforeEach(() => setSession({ user: signedInUser }));
  afterEach(() => clearSession());

  it('says which level of which card opens the feature, and leads to that card’s levels', async () => {
    transferLocked({ kind: 'level', programId: 'p-1', programName: 'Kopi Senja Rewards', levelName: 'Silver', cardId: 'card-1' });
    renderPage(<FeatureLockedPage />, { history: ['/feature-locked?feature=transfer-point'] });
    expect(await screen.findByText('Point transfer opens when your Kopi Senja Rewards card reaches Silver.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my levels' })).toHaveAttribute('href', '/cards/card-1/levels');
    expect(screen.getByRole('link', { name: 'Back to my cards' })).toHaveAttribute('href', '/cards');
  });

  it('says the merchant does not offer a closed feature', async () => {
    transferLocked({ kind: 'closed' });
    renderPage(<FeatureLockedPage />, { history: ['/feature-locked?feature=transfer-point'] });
    expect(await screen.findByText('Point transfer is not offered by this merchant at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See my levels' })).not.toBeInTheDocument();
  });

  it('says so when the feature has opened meanwhile', async () => {
    transferLocked(null, false);
    renderPage(<FeatureLockedPage />, { history: ['/feature-locked?feature=transfer-point'] });
    expect(await screen.findByText('Point transfer is open for you now.')).toBeInTheDocument();
  });

  it('keeps the general sentence when the eligibilities cannot be read', async () => {
    const api = stubApi({});
    renderPage(<FeatureLockedPage />, { history: ['/feature-locked?feature=transfer-point'] });
    await waitFor(() => expect(api.to('GET', '/api/users/feature-eligibilities')).toHaveLength(1));
    expect(screen.getByText('Point transfer is not available for your account yet.')).toBeInTheDocument();
  });
});
