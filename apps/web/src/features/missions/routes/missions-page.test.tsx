import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mission } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { celebratedMissionsKey } from '../celebrated-missions.ts';
import { completedMissionOf, missionCardId, missionOf } from '../missions.test-support.ts';
import { MissionsPage } from './missions-page.tsx';

const missionsPath = `/api/v2/cards/${missionCardId}/missions`;
const never: Answer = () => new Promise<Response>(() => undefined);

const expired = () =>
  missionOf({ id: 'mission-old', name: 'Autumn walk', status: 'expired', startsAt: '2026-09-01T00:00:00.000Z', endsAt: '2026-09-30T12:00:00.000Z', tasksDone: 2 });

function renderMissions(answers: Answer | Answer[], { tab }: { tab?: 'history' } = {}) {
  stubApi({ [`GET ${missionsPath}`]: answers });
  const list = paths.cardMissions.href({ cardId: missionCardId }, { tab });
  return renderPage(<MissionsPage />, { path: paths.cardMissions.path, history: [`/cards/${missionCardId}`, list] });
}

/** Missions this device has already celebrated: their dialog stays shut. */
function celebrated(...missions: Mission[]) {
  localStorage.setItem(celebratedMissionsKey, JSON.stringify(missions.map((mission) => mission.id)));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MissionsPage', () => {
  it('shows the page as loading while the missions are on their way', () => {
    renderMissions(never);
    expect(screen.getByRole('heading', { level: 1, name: 'Missions' })).toBeInTheDocument();
    expect(screen.getByText('Loading your missions').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('lists the running missions on the Active tab: tasks done, a labelled bar, the reward and the last day, linking to each', async () => {
    const vouchers = missionOf({ id: 'mission-2', name: 'Pastry lover', reward: { kind: 'voucher', templateId: 'tpl-1', name: 'Free Kopi', quantity: 2 }, tasksDone: 0 });
    celebrated(completedMissionOf({ id: 'mission-done' }));
    renderMissions(() => okAnswer({ data: [missionOf(), vouchers, completedMissionOf({ id: 'mission-done', name: 'Done already' })] }));
    const [coffee, pastry, ...others] = await screen.findAllByRole('article');
    if (!coffee || !pastry) throw new Error('two running missions expected');
    expect(others).toEqual([]);

    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
    expect(within(coffee).getByRole('heading', { level: 2, name: 'Coffee week' })).toBeInTheDocument();
    expect(within(coffee).getByRole('link', { name: 'Coffee week' })).toHaveAttribute('href', `/cards/${missionCardId}/mission-activities/mission-1`);
    expect(within(coffee).getByText('1 of 3 tasks done', { selector: 'p' })).toBeInTheDocument();
    const bar = within(coffee).getByRole('progressbar', { name: 'Tasks done in Coffee week' });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 3 tasks done');
    expect(within(coffee).getByText('Reward: 100 points')).toBeInTheDocument();
    expect(within(coffee).getByText('Ends Dec 31, 2026')).toBeInTheDocument();
    expect(within(coffee).queryByText('Active')).not.toBeInTheDocument();

    expect(within(pastry).getByText('Reward: 2 × Free Kopi voucher')).toBeInTheDocument();
    expect(within(pastry).getByRole('progressbar', { name: 'Tasks done in Pastry lover' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows completed and ended missions on the History tab, with their day and status, and keeps the tab in the address', async () => {
    const done = completedMissionOf({ completedAt: '2026-12-20T05:00:00.000Z' });
    celebrated(done);
    renderMissions(() => okAnswer({ data: [done, expired()] }));
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));

    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'History' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${missionCardId}/mission-activities?tab=history`);
    const [completed, ended] = screen.getAllByRole('article');
    if (!completed || !ended) throw new Error('two missions in the history expected');
    expect(within(completed).getByText('Completed')).toBeInTheDocument();
    expect(within(completed).getByText('Completed on Dec 20, 2026')).toBeInTheDocument();
    expect(within(completed).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(ended).getByText('Ended')).toBeInTheDocument();
    expect(within(ended).getByText('Ended on Sep 30, 2026')).toBeInTheDocument();
    expect(within(ended).getByText('2 of 3 tasks done', { selector: 'p' })).toBeInTheDocument();
  });

  it('opens the History tab from the address, and moves between the tabs with the arrow keys', async () => {
    renderMissions(() => okAnswer({ data: [missionOf(), expired()] }), { tab: 'history' });
    const history = await screen.findByRole('tab', { name: 'History' });
    expect(history).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Autumn walk' })).toBeInTheDocument();

    history.focus();
    await userEvent.keyboard('{ArrowLeft}');
    const active = screen.getByRole('tab', { name: 'Active' });
    expect(active).toHaveFocus();
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Coffee week' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${missionCardId}/mission-activities$`));
  });

  it('says so on each tab when it has no mission', async () => {
    renderMissions(() => okAnswer({ data: [expired()] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No missions running right now' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Autumn walk' })).toBeInTheDocument();
  });

  it('says so when nothing has finished yet', async () => {
    renderMissions(() => okAnswer({ data: [missionOf()] }), { tab: 'history' });
    expect(await screen.findByRole('heading', { level: 2, name: 'No finished missions yet' })).toBeInTheDocument();
  });

  it('says why the missions could not be loaded and tries again', async () => {
    renderMissions([() => errorAnswer('INTERNAL'), () => okAnswer({ data: [missionOf()] })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Coffee week' })).toBeInTheDocument();
  });

  it('shows the 404 page for a card that is not the member’s', async () => {
    renderMissions(() => errorAnswer('CARD_NOT_FOUND'));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Card not found');
  });

  it('goes back to the card', async () => {
    renderMissions(() => okAnswer({ data: [] }));
    await screen.findByRole('heading', { name: 'No missions running right now' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${missionCardId}$`));
  });
});

describe('MissionsPage completion dialog', () => {
  it('celebrates a mission completed since the last look, once, and leads to its page', async () => {
    renderMissions(() => okAnswer({ data: [missionOf({ id: 'mission-2', name: 'Pastry lover' }), completedMissionOf()] }));
    const dialog = await screen.findByRole('dialog', { name: 'Mission complete!' });
    expect(dialog).toHaveAccessibleDescription('You earned 100 points for “Coffee week”.');
    expect(JSON.parse(localStorage.getItem(celebratedMissionsKey) ?? '[]')).toEqual(['mission-1']);
    const detail = within(dialog).getByRole('button', { name: 'See mission detail' });
    expect(detail).toHaveFocus();
    await userEvent.click(detail);
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${missionCardId}/mission-activities/mission-1`);
  });

  it('does not celebrate a completion older than a day, as on a phone the member just signed in on', async () => {
    renderMissions(() => okAnswer({ data: [completedMissionOf({ completedAt: new Date(Date.now() - 25 * 60 * 60_000).toISOString() })] }), { tab: 'history' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Coffee week' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(celebratedMissionsKey)).toBeNull();
  });

  it('does not celebrate the same mission again on the next visit', async () => {
    const first = renderMissions(() => okAnswer({ data: [completedMissionOf()] }));
    const dialog = await screen.findByRole('dialog', { name: 'Mission complete!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    renderMissions(() => okAnswer({ data: [completedMissionOf()] }), { tab: 'history' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Coffee week' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows one dialog at a time: the next completed mission after the first is closed', async () => {
    const vouchers = completedMissionOf({ id: 'mission-2', name: 'Pastry lover', reward: { kind: 'voucher', templateId: 'tpl-1', name: 'Free Kopi', quantity: 2 } });
    renderMissions(() => okAnswer({ data: [completedMissionOf(), vouchers] }));
    const first = await screen.findByRole('dialog', { name: 'Mission complete!' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(within(first).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveAccessibleDescription('You earned 2 × Free Kopi vouchers for “Pastry lover”.'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(celebratedMissionsKey) ?? '[]')).toEqual(['mission-1', 'mission-2']);
  });

  it('celebrates nothing for missions already celebrated on this device, or running or ended ones', async () => {
    celebrated(completedMissionOf());
    renderMissions(() => okAnswer({ data: [missionOf({ id: 'mission-2', name: 'Pastry lover' }), completedMissionOf(), expired()] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Pastry lover' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still celebrates once, without an error, when the device keeps nothing', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const first = renderMissions(() => okAnswer({ data: [completedMissionOf({ id: 'mission-unkept' })] }));
    const dialog = await screen.findByRole('dialog', { name: 'Mission complete!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    renderMissions(() => okAnswer({ data: [completedMissionOf({ id: 'mission-unkept' })] }), { tab: 'history' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Coffee week' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
