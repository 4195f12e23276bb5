import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { targetCardId, targetOf } from '../targets.test-support.ts';
import { TargetsPage } from './targets-page.tsx';

const targetsPath = `/api/v2/cards/${targetCardId}/targets`;
const never: Answer = () => new Promise<Response>(() => undefined);

function renderTargets(answers: Answer | Answer[]) {
  stubApi({ [`GET ${targetsPath}`]: answers });
  return renderPage(<TargetsPage />, { path: paths.cardTargets.path, history: [`/cards/${targetCardId}`, `/cards/${targetCardId}/target-achievement`] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TargetsPage', () => {
  it('shows the page as loading while the targets are on their way', () => {
    renderTargets(never);
    expect(screen.getByRole('heading', { level: 1, name: 'Targets' })).toBeInTheDocument();
    expect(screen.getByText('Loading your targets').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('lists each running target with what to do, a labelled progress bar and the reward, linking to its page', async () => {
    renderTargets(() =>
      okAnswer({
        data: [
          targetOf(),
          targetOf({ id: 'target-2', name: 'Collect for Silver', kind: 'collect', currency: null, target: 500, progress: 500, reward: 50, achieved: true, achievedAt: '2026-03-02T12:00:00.000Z' }),
        ],
      }),
    );
    const [spend, collect] = await screen.findAllByRole('article');
    if (!spend || !collect) throw new Error('two targets expected');

    expect(within(spend).getByRole('heading', { level: 2, name: 'Spend for Gold' })).toBeInTheDocument();
    expect(within(spend).getByText('Spend Rp 1.000.000 by Dec 31, 2026')).toBeInTheDocument();
    const bar = within(spend).getByRole('progressbar', { name: 'Progress towards Spend for Gold' });
    expect(bar).toHaveAttribute('aria-valuenow', '35');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', 'Rp 350.000 of Rp 1.000.000');
    expect(within(spend).getByText('Reward: 200 Pts')).toBeInTheDocument();
    expect(within(spend).queryByText('Achieved')).not.toBeInTheDocument();
    expect(within(spend).getByRole('link', { name: 'Spend for Gold' })).toHaveAttribute('href', `/cards/${targetCardId}/target-achievement/target-1`);

    expect(within(collect).getByText('Collect 500 Pts by Dec 31, 2026')).toBeInTheDocument();
    expect(within(collect).getByRole('progressbar', { name: 'Progress towards Collect for Silver' })).toHaveAttribute('aria-valuetext', '500 Pts of 500 Pts');
    expect(within(collect).getByText('Achieved')).toBeInTheDocument();
    expect(within(collect).getByText('Reward: 50 Pts')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('keeps a target passed at a full bar', async () => {
    renderTargets(() => okAnswer({ data: [targetOf({ progress: 1_250_000, achieved: true, achievedAt: '2026-03-02T12:00:00.000Z' })] }));
    expect(await screen.findByRole('progressbar', { name: 'Progress towards Spend for Gold' })).toHaveAttribute('aria-valuenow', '100');
  });

  it('says so when the card has no target running', async () => {
    renderTargets(() => okAnswer({ data: [] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No targets right now' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why the targets could not be loaded and tries again', async () => {
    renderTargets([() => errorAnswer('INTERNAL'), () => okAnswer({ data: [targetOf()] })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Spend for Gold' })).toBeInTheDocument();
  });

  it('shows the 404 page for a card that is not the member’s', async () => {
    renderTargets(() => errorAnswer('CARD_NOT_FOUND'));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Card not found');
  });

  it('goes back to the card', async () => {
    renderTargets(() => okAnswer({ data: [] }));
    await screen.findByRole('heading', { name: 'No targets right now' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${targetCardId}`);
  });
});
