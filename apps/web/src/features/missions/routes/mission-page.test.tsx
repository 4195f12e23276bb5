import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { celebratedMissionsKey } from '../celebrated-missions.ts';
import { completedMissionOf, missionCardId, missionOf, taskOf } from '../missions.test-support.ts';
import { MissionPage } from './mission-page.tsx';

const missionPath = `/api/v2/cards/${missionCardId}/missions/mission-1`;
const never: Answer = () => new Promise<Response>(() => undefined);

function renderMission(answers: Answer | Answer[]) {
  stubApi({ [`GET ${missionPath}`]: answers });
  return renderPage(<MissionPage />, { path: paths.cardMission.path, history: [`/cards/${missionCardId}/mission-activities/mission-1`] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MissionPage', () => {
  it('shows the page as loading while the mission is on its way', () => {
    renderMission(never);
    expect(screen.getByRole('heading', { level: 1, name: 'Mission' })).toBeInTheDocument();
    expect(screen.getByText('Loading your missions').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows the mission with its status, description, tasks done, reward and last day', async () => {
    renderMission(() => okAnswer({ data: missionOf() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee week' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Three small steps for a big reward.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Tasks done in Coffee week' })).toHaveAttribute('aria-valuetext', '1 of 3 tasks done');
    expect(screen.getByText('Reward').nextElementSibling).toHaveTextContent('100 points');
    expect(screen.getByText('Ends').nextElementSibling).toHaveTextContent('Dec 31, 2026');
  });

  it('lists each task with its own bar and figure, a tick once done, and a link to its page', async () => {
    renderMission(() =>
      okAnswer({ data: missionOf({ unit: 'STAMP', tasks: [taskOf(), taskOf({ id: 'task-earn', kind: 'earn', title: 'Collect 5 stamps', target: 5, progress: 2 }), ...missionOf().tasks.slice(1)] }) }),
    );
    const tasks = within(await screen.findByRole('region', { name: 'Tasks' }));
    expect(tasks.getByRole('heading', { level: 2, name: 'Tasks' })).toBeInTheDocument();
    const [spend, earn, buy, refer] = tasks.getAllByRole('listitem');
    if (!spend || !earn || !buy || !refer) throw new Error('four tasks expected');

    expect(within(spend).getByRole('heading', { level: 3, name: 'Spend Rp 100.000' })).toBeInTheDocument();
    expect(within(spend).getByRole('link', { name: 'Spend Rp 100.000' })).toHaveAttribute('href', `/cards/${missionCardId}/mission-activities/mission-1/task/task-spend`);
    const spendBar = within(spend).getByRole('progressbar', { name: 'Progress on Spend Rp 100.000' });
    expect(spendBar).toHaveAttribute('aria-valuenow', '40');
    expect(spendBar).toHaveAttribute('aria-valuetext', 'Rp 40.000 / Rp 100.000');
    expect(within(spend).queryByText('Done')).not.toBeInTheDocument();

    expect(within(earn).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '2 Stamps / 5 Stamps');
    expect(within(buy).getByText('1 / 2')).toBeInTheDocument();
    expect(within(buy).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(refer).getByText('Done')).toBeInTheDocument();
    expect(within(refer).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '1 / 1');
  });

  it('keeps a task passed at its target and a full bar', async () => {
    renderMission(() => okAnswer({ data: missionOf({ tasks: [taskOf({ progress: 250_000, done: true })], tasksDone: 1 }) }));
    const bar = await screen.findByRole('progressbar', { name: 'Progress on Spend Rp 100.000' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', 'Rp 100.000 / Rp 100.000');
  });

  it('says when an ended mission ended, and goes back to the history', async () => {
    renderMission(() => okAnswer({ data: missionOf({ status: 'expired', endsAt: '2026-09-30T12:00:00.000Z' }) }));
    expect(await screen.findByText('Ended')).toBeInTheDocument();
    expect(screen.getByText('Ended on').nextElementSibling).toHaveTextContent('Sep 30, 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${missionCardId}/mission-activities?tab=history`);
  });

  it('goes back to the running missions from a running one', async () => {
    renderMission(() => okAnswer({ data: missionOf() }));
    await screen.findByRole('heading', { level: 1, name: 'Coffee week' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${missionCardId}/mission-activities$`));
  });

  it('celebrates a completed mission once, without a way to the page it is on', async () => {
    renderMission(() => okAnswer({ data: completedMissionOf() }));
    const dialog = await screen.findByRole('dialog', { name: 'Mission complete!' });
    expect(dialog).toHaveAccessibleDescription('You earned 100 points for “Coffee week”.');
    expect(within(dialog).queryByRole('button', { name: 'See mission detail' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(screen.getByText('Completed on')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(celebratedMissionsKey) ?? '[]')).toEqual(['mission-1']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the 404 page for a mission the card does not have', async () => {
    renderMission(() => errorAnswer('MISSION_NOT_FOUND'));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Mission not found');
  });

  it('says why the mission could not be loaded and tries again', async () => {
    renderMission([() => errorAnswer('INTERNAL'), () => okAnswer({ data: missionOf() })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee week' })).toBeInTheDocument();
  });
});
