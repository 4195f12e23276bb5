import { z } from 'zod';
import type { PrivilegeAnswerBody, SurveyQuestion } from '@kartu/contracts';
import { answerProblemOf } from '../../lib/form-answers.ts';

/** The survey form's values by question name: a text or a day, the one option chosen, or the several. */
export type SurveyValues = Record<string, string | string[]>;

/** Nothing answered yet: an empty text, no option chosen. */
export function emptySurveyValues(questions: readonly SurveyQuestion[]): SurveyValues {
  return Object.fromEntries(questions.map((question) => [question.name, question.type === 'multiple' ? [] : '']));
}

/**
 * The answers a survey takes, checked as the registration form's are (lib/form-answers.ts): a
 * required question answered, text of at most 200 characters, a day that exists. Each issue's
 * message is its problem.
 */
export function surveyFormSchema(questions: readonly SurveyQuestion[]) {
  return z.record(z.string(), z.union([z.string(), z.array(z.string())])).superRefine((values, ctx) => {
    for (const question of questions) {
      const problem = answerProblemOf(question, values[question.name]);
      if (problem) ctx.addIssue({ code: 'custom', path: [question.name], message: problem });
    }
  });
}

/** The body's answers: texts trimmed, the choices in the survey's order, and questions left empty left out. */
export function surveyAnswersOf(questions: readonly SurveyQuestion[], values: SurveyValues): PrivilegeAnswerBody['answers'] {
  const answers: PrivilegeAnswerBody['answers'] = {};
  for (const question of questions) {
    const value = values[question.name];
    if (Array.isArray(value)) {
      const chosen = (question.options ?? []).filter((option) => value.includes(option));
      if (chosen.length > 0) answers[question.name] = chosen;
    } else if (value !== undefined && value.trim() !== '') {
      answers[question.name] = value.trim();
    }
  }
  return answers;
}
