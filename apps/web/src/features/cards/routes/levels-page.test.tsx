import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LevelsPage } from './levels-page.tsx';
import { cardFixture, cardId, cardPath } from '../../../features/cards/cards.test-support.ts';
import { okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { paths } from '../../../config/paths.ts';

function renderLevels() {
  return renderPage(<LevelsPage />, { path: paths.cardLevels.path, history: [`/cards/${cardId}`, `/cards/${cardId}/levels`] });
}

afterEach(() => vi.unstubAllGlobals());

describe('LevelsPage', () => {
  it('shows the member’s experience, the stepper and the bar towards the next level', async () => {
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer(cardFixture())] });
    renderLevels();

    const bar = await screen.findByRole('progressbar', { name: 'Progress to the next level' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '750 XP more to reach Gold');
    expect(screen.getByText('Your experience: 1.250 XP')).toBeInTheDocument();

    const steps = within(screen.getByRole('list', { name: 'Level steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.className.replace('level-stepper__step ', ''))).toEqual([
      'level-stepper__step--done',
      'level-stepper__step--active',
      'level-stepper__step--upcoming',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
  });

  it('lists every level with the experience to reach and to keep it, the member’s highlighted', async () => {
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer(cardFixture())] });
    renderLevels();

    const levels = within(await screen.findByRole('list', { name: 'All levels' })).getAllByRole('listitem');
    expect(levels.map((level) => level.querySelector('.activity-level__chip')?.textContent)).toEqual(['Bronze', 'Silver', 'Gold']);
    expect(levels[2]).toHaveTextContent('Experience needed2.000 XP');
    expect(levels[2]).toHaveTextContent('Experience to keep it1.500 XP');
    expect(levels[1]).toHaveAttribute('aria-current', 'true');
    expect(levels[1]).toHaveTextContent('Your level');
    expect(levels[0]).not.toHaveAttribute('aria-current');
  });

  it('shows the experience of the last 365 days and what keeps the member’s level', async () => {
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer(cardFixture())] });
    renderLevels();

    expect(await screen.findByText('Earned in the last 365 days: 400 XP — keep Silver with 300 XP')).toBeInTheDocument();
    expect(screen.queryByText(/to get .* back/)).not.toBeInTheDocument();
  });

  it('tells how to get back a level reached but not kept', async () => {
    const card = cardFixture();
    const levelProgress = { ...card.levelProgress, lifetimeExperience: 2600, earnedInRetentionPeriod: 1200, next: null, progress: 1 };
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer({ ...card, levelProgress })] });
    renderLevels();

    expect(await screen.findByText('Earned in the last 365 days: 1.200 XP — keep Silver with 300 XP')).toBeInTheDocument();
    expect(screen.getByText('Earn 1.500 XP within 365 days to get Gold back')).toBeInTheDocument();
    expect(screen.getByText('Your level: Silver')).toBeInTheDocument();
  });

  it('shows only the experience of the period when the member’s level asks none to keep', async () => {
    const card = cardFixture();
    const bronze = { name: 'Bronze', color: '#b87333', isActive: true, experience: 0, retentionExperience: 0 };
    const levels = card.levels.map((level) => ({ ...level, isActive: level.name === 'Bronze' }));
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer({ ...card, levels, levelProgress: { ...card.levelProgress, lifetimeExperience: 300, current: bronze } })] });
    renderLevels();

    expect(await screen.findByText('Earned in the last 365 days: 400 XP')).toBeInTheDocument();
  });

  it('fills the bar at the highest level', async () => {
    const gold = { name: 'Gold', color: '#d4af37', isActive: true, experience: 2000, retentionExperience: 1500 };
    const card = cardFixture();
    stubApi({
      [`GET ${cardPath}`]: [() => okAnswer({ ...card, levelProgress: { ...card.levelProgress, lifetimeExperience: 2600, current: gold, next: null, progress: 1 } })],
    });
    renderLevels();

    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', 'You have reached the highest level');
  });

  it('sends the member back to the card when the card does not offer levels', async () => {
    stubApi({ [`GET ${cardPath}`]: [() => okAnswer(cardFixture({ visualAttributes: { showLevels: false } }))] });
    renderLevels();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/cards/${cardId}$`)));
  });
});
