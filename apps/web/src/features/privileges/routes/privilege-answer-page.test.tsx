import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Privilege, PrivilegeAnswer } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { answerOf, privilegeCardId, surveyPrivilegeOf } from '../privileges.test-support.ts';
import { PrivilegeAnswerPage } from './privilege-answer-page.tsx';

const perkPath = `/api/v2/cards/${privilegeCardId}/privileges/perk-survey`;
const never: Answer = () => new Promise<Response>(() => undefined);

function renderAnswer(answer: PrivilegeAnswer | Answer | Answer[], { privilege = surveyPrivilegeOf({ state: 'answered', latestAnswer: { id: 'answer-1', state: 'pending' } }) }: { privilege?: Privilege } = {}) {
  stubApi({
    [`GET ${perkPath}`]: () => okAnswer({ data: privilege }),
    [`GET ${perkPath}/answers/answer-1`]: typeof answer === 'function' || Array.isArray(answer) ? answer : () => okAnswer({ data: answer }),
  });
  const page = paths.cardPrivilegeAnswer.href({ cardId: privilegeCardId, privilegeId: 'perk-survey', answerId: 'answer-1' });
  return renderPage(<PrivilegeAnswerPage />, { path: paths.cardPrivilegeAnswer.path, history: [page] });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PrivilegeAnswerPage', () => {
  it('shows the page as loading while the answer is on its way', () => {
    renderAnswer(never);
    expect(screen.getByRole('heading', { level: 1, name: 'Your answer' })).toBeInTheDocument();
    expect(screen.getByText('Loading your perks').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows the answers as given under their questions: the text, the day, the choice and the choices listed', async () => {
    renderAnswer(answerOf());
    expect(await screen.findByText('Tell us about your coffee')).toBeInTheDocument();
    const given = screen.getByRole('region', { name: 'Your answers' });
    expect(within(given).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(within(given).getByText('Your favourite drink').nextElementSibling).toHaveTextContent('Kopi Susu');
    expect(within(given).getByText('When did you last visit?').nextElementSibling).toHaveTextContent('Dec 5, 2026');
    expect(within(given).getByText('Which outlet do you visit most?').nextElementSibling).toHaveTextContent('Kemang');
    const times = within(given).getByText('When do you come?').nextElementSibling;
    if (!(times instanceof HTMLElement)) throw new Error('the answer to the last question expected');
    expect(within(times).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Morning', 'Evening']);
  });

  it('says an answer waiting for review is reviewed within 2 working days', async () => {
    renderAnswer(answerOf());
    expect(await screen.findByText('In review')).toBeInTheDocument();
    expect(screen.getByText('Sent on').nextElementSibling).toHaveTextContent('Dec 10, 2026');
    expect(screen.getByText('Your answer is reviewed within 2 working days.')).toBeInTheDocument();
    expect(screen.queryByText('Reviewed on')).not.toBeInTheDocument();
  });

  it('says what an approved answer brought', async () => {
    renderAnswer(answerOf({ state: 'approved', reviewedAt: '2026-12-11T12:00:00.000Z' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Reviewed on').nextElementSibling).toHaveTextContent('Dec 11, 2026');
    expect(screen.getByText('100 points added to your card.')).toBeInTheDocument();
    expect(screen.queryByText(/within 2 working days/)).not.toBeInTheDocument();
  });

  it('shows the merchant’s note on a rejection, and asks again while the survey is open', async () => {
    const rejected = answerOf({ state: 'rejected', reviewedAt: '2026-12-11T12:00:00.000Z', note: 'Please name a drink we sell.', answers: { favourite: 'Tea', outlet: 'Kemang' } });
    renderAnswer(rejected, { privilege: surveyPrivilegeOf({ latestAnswer: { id: 'answer-1', state: 'rejected' } }) });
    expect(await screen.findByText('Not approved')).toBeInTheDocument();
    expect(screen.getByText('Note from Kopi Senja: Please name a drink we sell.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer again' })).toHaveAttribute('href', `/cards/${privilegeCardId}/privileges/perk-survey/survey`);
    expect(screen.getByText('When did you last visit?').nextElementSibling).toHaveTextContent('Not answered');
    expect(screen.getByText('When do you come?').nextElementSibling).toHaveTextContent('Not answered');
  });

  it('does not ask again once the survey has ended', async () => {
    renderAnswer(answerOf({ state: 'rejected', note: null }), { privilege: surveyPrivilegeOf({ state: 'ended' }) });
    expect(await screen.findByText('Your answer was not approved.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Answer again' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for an answer the member does not have', async () => {
    renderAnswer(() => errorAnswer('PERK_ANSWER_NOT_FOUND'));
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Answer not found');
  });

  it('says why the answer could not be loaded and tries again', async () => {
    renderAnswer([() => errorAnswer('INTERNAL'), () => okAnswer({ data: answerOf() })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your answers' })).toBeInTheDocument();
  });

  it('goes back to the answers', async () => {
    renderAnswer(answerOf());
    await screen.findByRole('region', { name: 'Your answers' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${privilegeCardId}/privileges/perk-survey/answers$`));
  });
});
