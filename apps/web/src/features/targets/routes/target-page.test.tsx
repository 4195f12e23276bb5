import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { targetCardId, targetOf } from '../targets.test-support.ts';
import { TargetPage } from './target-page.tsx';

const targetPath = `/api/v2/cards/${targetCardId}/targets/target-1`;
const never: Answer = () => new Promise<Response>(() => undefined);

function renderTarget(answers: Answer | Answer[]) {
  stubApi({ [`GET ${targetPath}`]: answers });
  return renderPage(<TargetPage />, { path: paths.cardTarget.path, history: [`/cards/${targetCardId}/target-achievement/target-1`] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TargetPage', () => {
  it('shows the page as loading while the target is on its way', () => {
    renderTarget(never);
    expect(screen.getByRole('heading', { level: 1, name: 'Target' })).toBeInTheDocument();
    expect(screen.getByText('Loading your targets').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows the target with its description, window, progress, what is left, the reward and that it repeats', async () => {
    renderTarget(() => okAnswer({ data: targetOf() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend for Gold' })).toBeInTheDocument();
    expect(screen.getByText('Spend Rp 1.000.000 by Dec 31, 2026')).toBeInTheDocument();
    expect(screen.getByText('Spend at any of our outlets this year and earn bonus points.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress towards Spend for Gold' })).toHaveAttribute('aria-valuetext', 'Rp 350.000 of Rp 1.000.000');
    expect(screen.getByText('Rp 650.000 to go')).toBeInTheDocument();
    expect(screen.getByText('Reward: 200 Pts')).toBeInTheDocument();
    expect(screen.getByRole('term').nextElementSibling).toHaveTextContent('Jan 1, 2026 – Dec 31, 2026');
    expect(screen.getByText('This target repeats every year: after Dec 31, 2026 your progress starts again from zero.')).toBeInTheDocument();
  });

  it('says when an achieved target was reached, and nothing about repeating for a one-off period', async () => {
    renderTarget(() =>
      okAnswer({ data: targetOf({ kind: 'collect', currency: null, period: 'period', target: 500, progress: 620, achieved: true, achievedAt: '2026-03-02T12:00:00.000Z' }) }),
    );
    expect(await screen.findByText('Target reached')).toBeInTheDocument();
    expect(screen.getByText('Achieved')).toBeInTheDocument();
    expect(screen.getByText('Achieved on').nextElementSibling).toHaveTextContent('Mar 2, 2026');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '620 Pts of 500 Pts');
    expect(screen.queryByText(/repeats/)).not.toBeInTheDocument();
  });

  it('says a cycle target starts again in its next cycle', async () => {
    renderTarget(() => okAnswer({ data: targetOf({ period: 'cycle' }) }));
    expect(await screen.findByText('This target repeats: after Dec 31, 2026 a new cycle begins and your progress starts again from zero.')).toBeInTheDocument();
  });

  it('shows the 404 page for a target the card does not have', async () => {
    renderTarget(() => errorAnswer('TARGET_NOT_FOUND'));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Target not found');
  });

  it('says why the target could not be loaded and tries again', async () => {
    renderTarget([() => errorAnswer('INTERNAL'), () => okAnswer({ data: targetOf() })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend for Gold' })).toBeInTheDocument();
  });

  it('goes back to the card’s targets', async () => {
    renderTarget(() => okAnswer({ data: targetOf() }));
    await screen.findByRole('heading', { level: 1, name: 'Spend for Gold' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${targetCardId}/target-achievement`);
  });
});
