import { isCalendarDate, isValidEmail } from '@kartu/core';
import { REGISTRATION_ANSWER_MAX_LENGTH } from '@kartu/core/constants';
import { ApiError } from './api-error.ts';

/*
 * The answers to a form the merchant writes: a card's registration fields, a perk's survey questions
 * (spec: business-rules §5 '* field is required', 'Must choose one option', a valid e-mail and date).
 * Both forms check them the same way before sending, and read the server's refusals the same way.
 */

/** How the merchant asks one thing: a registration field's type or a survey question's. */
export interface AskedField {
  name: string;
  type: 'text' | 'email' | 'date' | 'select' | 'single' | 'multiple';
  required: boolean;
}

const answerProblems = ['required', 'chooseOne', 'chooseSome', 'tooLong', 'emailInvalid', 'dateInvalid', 'notOffered'] as const;
/** What is wrong with an answer: the key of its message under `problems.` in the forms namespace. */
export type AnswerProblem = (typeof answerProblems)[number];
const isAnswerProblem = (text: string): text is AnswerProblem => (answerProblems as readonly string[]).includes(text);

/** An answer's problem, or the server's own words for a rule this app has none for. */
export type AnswerIssue = { problem: AnswerProblem } | { message: string };

/** The longest answer a merchant's form takes, per value. */
export const ANSWER_MAX_LENGTH = REGISTRATION_ANSWER_MAX_LENGTH;

function missingProblem(type: AskedField['type']): AnswerProblem {
  return type === 'single' ? 'chooseOne' : type === 'multiple' ? 'chooseSome' : 'required';
}

/** Checks one answer: text of at most 200 characters, a required one filled, an e-mail or a day that is real. */
export function answerProblemOf(field: AskedField, answer: string | readonly string[] | null | undefined): AnswerProblem | null {
  const values = answer === null || answer === undefined ? [] : typeof answer === 'string' ? [answer] : answer;
  if (values.some((value) => value.length > ANSWER_MAX_LENGTH)) return 'tooLong';
  const [first] = values.map((value) => value.trim()).filter((value) => value !== '');
  if (first === undefined) return field.required ? missingProblem(field.type) : null;
  if (field.type === 'email' && !isValidEmail(first)) return 'emailInvalid';
  if (field.type === 'date' && !isCalendarDate(first)) return 'dateInvalid';
  return null;
}

const problemOfRule: Record<string, AnswerProblem | undefined> = {
  too_long: 'tooLong',
  invalid_date: 'dateInvalid',
  not_offered: 'notOffered',
};

/**
 * The server's refusal of a form's answers (400 VALIDATION_FAILED, one detail per field named
 * `body.answers.<name>`), by field name: the rules this app words itself in the member's language,
 * any other with the server's message. Empty for any other error.
 */
export function answerIssuesOf(error: unknown, fields: readonly AskedField[]): Record<string, AnswerIssue> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return {};
  const issues: Record<string, AnswerIssue> = {};
  for (const detail of error.details ?? []) {
    const field = fields.find((each) => detail.field === `body.answers.${each.name}` || detail.field === `answers.${each.name}`);
    if (!field || issues[field.name]) continue;
    const problem = detail.rule === 'required' ? missingProblem(field.type) : problemOfRule[detail.rule];
    issues[field.name] = problem ? { problem } : { message: detail.message };
  }
  return issues;
}

/**
 * The form library's error of a field as an issue: the checks' own errors carry the problem as their
 * message, the server's words come typed 'server' (`fieldErrorOf`).
 */
export function issueOfFieldError(error: { type: string | number; message?: string } | undefined): AnswerIssue | undefined {
  if (!error?.message) return undefined;
  return error.type !== 'server' && isAnswerProblem(error.message) ? { problem: error.message } : { message: error.message };
}

/** An issue as the form library's error of its field. */
export function fieldErrorOf(issue: AnswerIssue): { type: string; message: string } {
  return 'message' in issue ? { type: 'server', message: issue.message } : { type: 'problem', message: issue.problem };
}
