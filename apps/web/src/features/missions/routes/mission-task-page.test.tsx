import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mission, MissionTask, ReferralListItem } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { missionCardId, missionOf, taskOf } from '../missions.test-support.ts';
import { MissionTaskPage } from './mission-task-page.tsx';

const missionsPath = `/api/v2/cards/${missionCardId}/missions`;
const never: Answer = () => new Promise<Response>(() => undefined);

const referral: ReferralListItem = {
  id: 'ref-1',
  cardId: missionCardId,
  status: 'active',
  programId: 'p-1',
  programName: 'Kopi Senja Rewards',
  unit: 'POINT',
  referrerReward: 100,
  friendReward: 50,
  rewardOn: 'purchased',
  endsAt: null,
};

/** The task page of `taskId`, under its mission or (without `missionId`) found among the card's missions. */
function renderTask(taskId: string, { mission = missionOf(), missionId = mission.id, answer, extra = {} }: { mission?: Mission; missionId?: string | null; answer?: Answer | Answer[]; extra?: Record<string, Answer | Answer[]> } = {}) {
  const api = stubApi({
    [`GET ${missionsPath}/${mission.id}`]: answer ?? (() => okAnswer({ data: mission })),
    [`GET ${missionsPath}`]: () => okAnswer({ data: [missionOf({ id: 'mission-other', tasks: [taskOf({ id: 'task-other' })] }), mission] }),
    ...extra,
  });
  const page = paths.cardMissionTask.href({ cardId: missionCardId, missionId: missionId ?? undefined, taskId });
  const view = renderPage(<MissionTaskPage />, { path: paths.cardMissionTask.path, history: [page] });
  return { ...view, api };
}

const withTask = (task: MissionTask, overrides: Partial<Mission> = {}) => missionOf({ tasks: [task], tasksDone: task.done ? 1 : 0, ...overrides });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MissionTaskPage', () => {
  it('shows the page as loading while the mission is on its way', () => {
    renderTask('task-spend', { answer: never });
    expect(screen.getByRole('heading', { level: 1, name: 'Task' })).toBeInTheDocument();
    expect(screen.getByText('Loading your missions').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows a spend task with its mission, description and progress in money, and asks to show the card at the stores', async () => {
    renderTask('task-spend');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend Rp 100.000' })).toBeInTheDocument();
    expect(screen.getByText('Coffee week')).toBeInTheDocument();
    expect(screen.getByText('Any purchase at our outlets counts.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress on Spend Rp 100.000' })).toHaveAttribute('aria-valuetext', 'Rp 40.000 / Rp 100.000');
    expect(screen.getByRole('heading', { level: 2, name: 'How to do it' })).toBeInTheDocument();
    expect(screen.getByText('Shop at Kopi Senja stores and show your card when you pay: what you spend counts towards this task.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show my card' })).toHaveAttribute('href', `/cards/${missionCardId}`);
  });

  it('counts an earn task in the program’s unit', async () => {
    renderTask('task-earn', { mission: withTask(taskOf({ id: 'task-earn', kind: 'earn', title: 'Earn 500 points', target: 500, progress: 120 })) });
    expect(await screen.findByRole('progressbar', { name: 'Progress on Earn 500 points' })).toHaveAttribute('aria-valuetext', '120 Pts / 500 Pts');
    expect(screen.getByText(/^Shop at Kopi Senja and show your card when you pay/)).toBeInTheDocument();
  });

  it('leads a product task to the product in the card’s shop', async () => {
    renderTask('task-buy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy two Kopi Susu' })).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(screen.getByText('Buy Kopi Susu in the shop: each one in a paid order counts towards this task.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Kopi Susu in the shop' })).toHaveAttribute('href', `/cards/${missionCardId}/catalogs/evoucher/product-1`);
  });

  it('leads a refer task to the card’s referral page while one runs', async () => {
    const task = taskOf({ id: 'task-refer', kind: 'refer', title: 'Invite a friend', target: 1, progress: 0 });
    renderTask('task-refer', { mission: withTask(task), extra: { 'GET /api/v2/referrals': () => okAnswer({ data: [referral] }) } });
    expect(await screen.findByRole('link', { name: 'Invite friends' })).toHaveAttribute('href', `/cards/${missionCardId}/referral/ref-1`);
    expect(screen.getByText('Invite friends to join Kopi Senja: each friend who signs up through your invite counts towards this task.')).toBeInTheDocument();
  });

  it('says how to do a refer task without a link when the card has no referral program running', async () => {
    const task = taskOf({ id: 'task-refer', kind: 'refer', title: 'Invite a friend', target: 1, progress: 0 });
    const { api } = renderTask('task-refer', { mission: withTask(task), extra: { 'GET /api/v2/referrals': () => okAnswer({ data: [{ ...referral, status: 'ended' }] }) } });
    expect(await screen.findByText(/^Invite friends to join Kopi Senja/)).toBeInTheDocument();
    await vi.waitFor(() => expect(api.to('GET', '/api/v2/referrals')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Invite friends' })).not.toBeInTheDocument();
  });

  it('leads an add-card task to the add card page', async () => {
    renderTask('task-card', { mission: withTask(taskOf({ id: 'task-card', kind: 'add_card', title: 'Add a second card', target: 2, progress: 1 })) });
    expect(await screen.findByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/cards/add-card');
  });

  it('leads an answer-survey task to the perks', async () => {
    renderTask('task-survey', { mission: withTask(taskOf({ id: 'task-survey', kind: 'answer_survey', title: 'Answer a survey', target: 1, progress: 0 })) });
    expect(await screen.findByRole('link', { name: 'See the perks' })).toHaveAttribute('href', `/cards/${missionCardId}/privileges`);
  });

  it('checks in at a store with the code the cashier types, says how many tries are left after a wrong one, and reads the mission again', async () => {
    const visits = [
      () => errorAnswer('STORE_CODE_INVALID', { attemptsRemaining: 2 }),
      () => okAnswer({ data: { outletName: 'Kopi Senja Kemang', visitedAt: '2026-03-14T03:00:00.000Z', counted: true } }, 201),
      () => okAnswer({ data: { outletName: 'Kopi Senja Kemang', visitedAt: '2026-03-14T03:05:00.000Z', counted: false } }, 201),
    ];
    const { api } = renderTask('task-visit', {
      mission: withTask(taskOf({ id: 'task-visit', kind: 'visit_store', title: 'Visit 2 stores', target: 2, progress: 0 })),
      extra: { [`POST /api/v2/cards/${missionCardId}/store-visits`]: visits },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Check in at the store' });
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Enter the store code')).toBeInTheDocument();
    expect(api.to('POST', `/api/v2/cards/${missionCardId}/store-visits`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Store code'), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong store code. 2 tries left before check-ins are locked for 24 hours.');
    await user.clear(screen.getByLabelText('Store code'));
    await user.type(screen.getByLabelText('Store code'), 'KEMANG1');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Visit to Kopi Senja Kemang recorded.');
    expect(api.to('POST', `/api/v2/cards/${missionCardId}/store-visits`).at(-1)?.body).toEqual({ outletCode: 'KEMANG1' });
    await vi.waitFor(() => expect(api.to('GET', `${missionsPath}/mission-1`).length).toBeGreaterThan(1));
    expect(form).toBeInTheDocument();
    await user.type(screen.getByLabelText('Store code'), 'KEMANG1');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Your visit to Kopi Senja Kemang today is counted already.')).toBeInTheDocument();
  });

  it('says a done task is done, with its tick, and offers nothing more to do', async () => {
    renderTask('task-refer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite a friend' })).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.getByText('You have done this task.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says a task of an ended mission can no longer be done', async () => {
    renderTask('task-spend', { mission: missionOf({ status: 'expired' }) });
    expect(await screen.findByText('This mission has ended, so this task can no longer be done.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Show my card' })).not.toBeInTheDocument();
  });

  it('finds the mission among the card’s missions when the address names none', async () => {
    const { api } = renderTask('task-buy', { missionId: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy two Kopi Susu' })).toBeInTheDocument();
    expect(api.to('GET', `${missionsPath}/mission-1`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${missionCardId}/mission-activities/mission-1`);
  });

  it('goes back to its mission', async () => {
    renderTask('task-spend');
    await screen.findByRole('heading', { level: 1, name: 'Spend Rp 100.000' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${missionCardId}/mission-activities/mission-1`);
  });

  it.each([
    ['a task the mission does not have', 'task-none', undefined],
    ['a task none of the card’s missions has', 'task-none', null],
  ])('shows the 404 page for %s', async (_case, taskId, missionId) => {
    renderTask(taskId, { missionId });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Task not found');
  });

  it('shows the 404 page for a mission the card does not have', async () => {
    renderTask('task-spend', { answer: () => errorAnswer('MISSION_NOT_FOUND') });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Mission not found');
  });

  it('says why the task could not be loaded and tries again', async () => {
    renderTask('task-spend', { answer: [() => errorAnswer('INTERNAL'), () => okAnswer({ data: missionOf() })] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend Rp 100.000' })).toBeInTheDocument();
  });
});
