import { z } from 'zod';
import type { RegistrationField } from '@kartu/contracts';
import { answerProblemOf } from '../../../lib/form-answers.ts';

/**
 * The answers a program's registration form takes, built from its field list (spec: business-rules
 * §5 '* field is required'). Each issue's message is its problem (lib/form-answers.ts).
 */
export function registrationFormSchema(fields: readonly RegistrationField[]) {
  return z.record(z.string(), z.string()).superRefine((answers, ctx) => {
    for (const field of fields) {
      const problem = answerProblemOf(field, answers[field.name]);
      if (problem) ctx.addIssue({ code: 'custom', path: [field.name], message: problem });
    }
  });
}
