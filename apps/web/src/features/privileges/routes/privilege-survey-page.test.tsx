import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Privilege } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { answerOf, privilegeCardId, surveyPrivilegeOf, voucherPrivilegeOf } from '../privileges.test-support.ts';
import { PrivilegeSurveyPage } from './privilege-survey-page.tsx';

const perkPath = `/api/v2/cards/${privilegeCardId}/privileges/perk-survey`;
const answersPath = `${perkPath}/answers`;
const never: Answer = () => new Promise<Response>(() => undefined);
const toastMessages = () => toast.getToasts().map((item) => `${item.type}: ${item.message}`);

function renderSurvey({ privilege = surveyPrivilegeOf(), perk, sent }: { privilege?: Privilege; perk?: Answer | Answer[]; sent?: Answer } = {}) {
  const api = stubApi({
    [`GET ${perkPath}`]: perk ?? (() => okAnswer({ data: privilege })),
    [`POST ${answersPath}`]: sent ?? (() => okAnswer({ data: answerOf({ id: 'answer-new' }) }, 201)),
  });
  const perkPage = paths.cardPrivilege.href({ cardId: privilegeCardId, privilegeId: 'perk-survey' });
  const view = renderPage(<PrivilegeSurveyPage />, { path: paths.cardPrivilegeSurvey.path, history: [perkPage, `${perkPage}/survey`] });
  return { ...view, api };
}

/** Answers the two required questions: the text and the outlet. */
async function answerRequired() {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Your favourite drink' }), '  Kopi Susu ');
  await userEvent.click(screen.getByRole('radio', { name: 'Kemang' }));
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PrivilegeSurveyPage', () => {
  it('shows the page as loading while the perk is on its way', () => {
    renderSurvey({ perk: never });
    expect(screen.getByRole('heading', { level: 1, name: 'Survey' })).toBeInTheDocument();
    expect(screen.getByText('Loading your perks').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('asks each question with its own control, the required ones marked for everyone', async () => {
    renderSurvey();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about your coffee' })).toBeInTheDocument();
    expect(screen.getByText('* field is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your favourite drink' })).toHaveAttribute('aria-required', 'true');
    const visited = screen.getByLabelText('When did you last visit?');
    expect(visited).toHaveAttribute('type', 'date');
    expect(visited).not.toHaveAttribute('aria-required');

    const outlet = screen.getByRole('radiogroup', { name: 'Which outlet do you visit most?' });
    expect(outlet.tagName).toBe('FIELDSET');
    expect(outlet).toHaveAttribute('aria-required', 'true');
    expect(within(outlet).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['Senayan', 'Kemang', 'Bintaro']);

    const times = screen.getByRole('group', { name: 'When do you come?' });
    expect(times.tagName).toBe('FIELDSET');
    expect(within(times).getAllByRole('checkbox')).toHaveLength(3);
  });

  it('names a required choice of several as required in its legend', async () => {
    const questions = surveyPrivilegeOf().questions.map((question) => (question.name === 'times' ? { ...question, required: true } : question));
    renderSurvey({ privilege: surveyPrivilegeOf({ questions }) });
    expect(await screen.findByRole('group', { name: /^When do you come\?\s?\(required\)$/ })).toBeInTheDocument();
  });

  it('marks each unanswered required question under it, ties the message to it, and sends nothing', async () => {
    const { api } = renderSurvey();
    await userEvent.click(await screen.findByRole('button', { name: 'Send my answers' }));
    const drink = screen.getByRole('textbox', { name: 'Your favourite drink' });
    await waitFor(() => expect(drink).toHaveAttribute('aria-invalid', 'true'));
    expect(drink).toHaveAccessibleDescription('* field is required');
    expect(drink).toHaveFocus();
    const outlet = screen.getByRole('radiogroup', { name: 'Which outlet do you visit most?' });
    expect(outlet).toHaveAttribute('aria-invalid', 'true');
    expect(outlet).toHaveAccessibleDescription('Must choose one option');
    expect(screen.getByRole('group', { name: 'When do you come?' })).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('When did you last visit?')).not.toHaveAttribute('aria-invalid');
    expect(api.to('POST', answersPath)).toEqual([]);
  });

  it('asks for at least one choice of a required question of several', async () => {
    const questions = surveyPrivilegeOf().questions.map((question) => (question.name === 'times' ? { ...question, required: true } : question));
    renderSurvey({ privilege: surveyPrivilegeOf({ questions }) });
    await answerRequired();
    await send();
    const times = screen.getByRole('group', { name: /^When do you come\?/ });
    await waitFor(() => expect(times).toHaveAccessibleDescription('Choose at least one option'));
    for (const box of within(times).getAllByRole('checkbox')) expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses an answer longer than 200 characters', async () => {
    const { api } = renderSurvey();
    await answerRequired();
    const drink = screen.getByRole('textbox', { name: 'Your favourite drink' });
    await userEvent.clear(drink);
    await userEvent.click(drink);
    await userEvent.paste('k'.repeat(201));
    await send();
    await waitFor(() => expect(drink).toHaveAccessibleDescription('Use at most 200 characters'));
    expect(api.to('POST', answersPath)).toEqual([]);
  });

  it('sends the answers given, trimmed and in the survey’s order, and opens the new answer', async () => {
    const { api } = renderSurvey();
    await answerRequired();
    await userEvent.type(screen.getByLabelText('When did you last visit?'), '2026-12-05');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Evening' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Morning' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Afternoon' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Afternoon' }));
    await send();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${privilegeCardId}/privileges/perk-survey/answers/answer-new`));
    expect(api.bodiesOf(answersPath)).toEqual([{ answers: { favourite: 'Kopi Susu', visited: '2026-12-05', outlet: 'Kemang', times: ['Morning', 'Evening'] } }]);
    expect(toastMessages()).toEqual(['success: Thank you! Your answer is sent.']);
  });

  it('leaves the questions not answered out of what it sends', async () => {
    const { api } = renderSurvey();
    await answerRequired();
    await send();
    await waitFor(() => expect(api.bodiesOf(answersPath)).toEqual([{ answers: { favourite: 'Kopi Susu', outlet: 'Kemang' } }]));
  });

  it('shows the server’s refusals under their questions, in the member’s words where it has them', async () => {
    const refusal = () =>
      errorAnswer('VALIDATION_FAILED', {
        details: [
          { field: 'body.answers.visited', rule: 'invalid_date', message: 'Please input the correct When did you last visit?' },
          { field: 'body.answers.outlet', rule: 'not_offered', message: 'Choose from the options of Which outlet do you visit most?' },
          { field: 'body.answers.favourite', rule: 'invalid_format', message: 'Please input the correct Your favourite drink' },
        ],
      });
    renderSurvey({ sent: refusal });
    await answerRequired();
    await userEvent.type(screen.getByLabelText('When did you last visit?'), '2026-12-05');
    await send();
    const visited = screen.getByLabelText('When did you last visit?');
    await waitFor(() => expect(visited).toHaveAccessibleDescription('Enter a real date'));
    expect(screen.getByRole('radiogroup', { name: 'Which outlet do you visit most?' })).toHaveAccessibleDescription('Choose from the options offered');
    expect(screen.getByRole('textbox', { name: 'Your favourite drink' })).toHaveAccessibleDescription('Please input the correct Your favourite drink');
    expect(toastMessages()).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${privilegeCardId}/privileges/perk-survey/survey`);
  });

  it('says in the member’s words why an answer was refused, and then why the survey is closed', async () => {
    const answered = surveyPrivilegeOf({ state: 'answered', latestAnswer: { id: 'answer-1', state: 'pending' } });
    renderSurvey({ perk: [() => okAnswer({ data: surveyPrivilegeOf() }), () => okAnswer({ data: answered })], sent: () => errorAnswer('PERK_ALREADY_TAKEN') });
    await answerRequired();
    await send();
    expect(await screen.findByText('Your answer is reviewed within 2 working days.')).toBeInTheDocument();
    expect(toastMessages()).toEqual(['error: You have already taken this perk']);
    expect(screen.queryByRole('button', { name: 'Send my answers' })).not.toBeInTheDocument();
  });

  it.each<[string, Privilege, string]>([
    ['answered', surveyPrivilegeOf({ state: 'answered', latestAnswer: { id: 'answer-1', state: 'pending' } }), 'Your answer is in review'],
    ['ended', surveyPrivilegeOf({ state: 'ended' }), 'This promotion has ended'],
    ['paused', surveyPrivilegeOf({ state: 'inactive' }), 'This perk is not active'],
    ['locked', surveyPrivilegeOf({ state: 'locked', lock: { kind: 'level', levelName: 'Gold' } }), 'Reach Gold to unlock this perk'],
  ])('says why instead of the form on a survey %s', async (_case, privilege, why) => {
    renderSurvey({ privilege });
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send my answers' })).not.toBeInTheDocument();
  });

  it('leads an answered survey to the answers, not to itself', async () => {
    renderSurvey({ privilege: surveyPrivilegeOf({ state: 'answered', latestAnswer: { id: 'answer-1', state: 'approved' } }) });
    expect(await screen.findByRole('link', { name: 'My answers' })).toHaveAttribute('href', `/cards/${privilegeCardId}/privileges/perk-survey/answers`);
    expect(screen.queryByRole('link', { name: 'Answer the survey' })).not.toBeInTheDocument();
  });

  it('shows the 404 page for a voucher perk, which has no survey, and for a perk the card does not have', async () => {
    const { unmount } = renderSurvey({ privilege: voucherPrivilegeOf({ id: 'perk-survey' }) });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Survey not found');
    unmount();
    renderSurvey({ perk: () => errorAnswer('PERK_NOT_FOUND') });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Perk not found');
  });

  it('goes back to the perk', async () => {
    renderSurvey();
    await screen.findByRole('heading', { level: 1, name: 'Tell us about your coffee' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${privilegeCardId}/privileges/perk-survey$`));
  });
});
