import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Privilege } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { answerOf, privilegeCardId, surveyPrivilegeOf } from '../privileges.test-support.ts';
import { PrivilegeAnswersPage } from './privilege-answers-page.tsx';

const perkPath = `/api/v2/cards/${privilegeCardId}/privileges/perk-survey`;
const never: Answer = () => new Promise<Response>(() => undefined);

function renderAnswers(answers: Answer | Answer[], { privilege = surveyPrivilegeOf() }: { privilege?: Privilege } = {}) {
  stubApi({ [`GET ${perkPath}`]: () => okAnswer({ data: privilege }), [`GET ${perkPath}/answers`]: answers });
  const page = paths.cardPrivilegeAnswers.href({ cardId: privilegeCardId, privilegeId: 'perk-survey' });
  return renderPage(<PrivilegeAnswersPage />, { path: paths.cardPrivilegeAnswers.path, history: [page] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PrivilegeAnswersPage', () => {
  it('shows the page as loading while the answers are on their way', () => {
    renderAnswers(never);
    expect(screen.getByRole('heading', { level: 1, name: 'My answers' })).toBeInTheDocument();
    expect(screen.getByText('Loading your perks').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('lists the member’s answers, newest first, with their state and day, each opening its page', async () => {
    renderAnswers(() =>
      okAnswer({
        data: [
          answerOf({ id: 'answer-2', submittedAt: '2026-12-20T12:00:00.000Z' }),
          answerOf({ id: 'answer-1', state: 'rejected', note: 'Please name a drink we sell.', reviewedAt: '2026-12-11T12:00:00.000Z' }),
        ],
      }),
    );
    expect(await screen.findByText('Tell us about your coffee')).toBeInTheDocument();
    const [latest, first] = await screen.findAllByRole('article');
    if (!latest || !first) throw new Error('two answers expected');
    expect(within(latest).getByRole('heading', { level: 2, name: 'Answer of Dec 20, 2026' })).toBeInTheDocument();
    expect(within(latest).getByRole('link')).toHaveAttribute('href', `/cards/${privilegeCardId}/privileges/perk-survey/answers/answer-2`);
    expect(within(latest).getByText('In review')).toBeInTheDocument();
    expect(within(latest).getByText('Your answer is reviewed within 2 working days.')).toBeInTheDocument();
    expect(within(first).getByText('Not approved')).toBeInTheDocument();
    expect(within(first).getByText('Note from Kopi Senja: Please name a drink we sell.')).toBeInTheDocument();
  });

  it('says so when the member has not answered, with the way to the survey while it is open', async () => {
    const view = renderAnswers(() => okAnswer({ data: [] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'You have not answered this survey yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer the survey' })).toHaveAttribute('href', `/cards/${privilegeCardId}/privileges/perk-survey/survey`);
    view.unmount();
    renderAnswers(() => okAnswer({ data: [] }), { privilege: surveyPrivilegeOf({ state: 'ended' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'You have not answered this survey yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Answer the survey' })).not.toBeInTheDocument();
  });

  it('says why the answers could not be loaded and tries again', async () => {
    renderAnswers([() => errorAnswer('INTERNAL'), () => okAnswer({ data: [answerOf()] })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Answer of Dec 10, 2026' })).toBeInTheDocument();
  });

  it('shows the 404 page for a perk the card does not have', async () => {
    renderAnswers(() => errorAnswer('PERK_NOT_FOUND'));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Perk not found');
  });

  it('goes back to the perk', async () => {
    renderAnswers(() => okAnswer({ data: [] }));
    await screen.findByRole('heading', { level: 2, name: 'You have not answered this survey yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${privilegeCardId}/privileges/perk-survey$`));
  });
});
