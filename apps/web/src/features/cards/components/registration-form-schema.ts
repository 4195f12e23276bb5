import { z } from 'zod';
import type { RegistrationField } from '@kartu/contracts';
import { isValidEmail } from '@kartu/core';
import { REGISTRATION_ANSWER_MAX_LENGTH } from '@kartu/core/constants';

/**
 * The answers a program's registration form takes, built from its field list (spec: business-rules
 * §5 '* field is required'). Messages are catalogue keys under `registration.` in the cards namespace.
 */
export function registrationFormSchema(fields: readonly RegistrationField[]) {
  return z.record(z.string(), z.string()).superRefine((answers, ctx) => {
    for (const field of fields) {
      const answer = answers[field.name] ?? '';
      const text = answer.trim();
      const problem =
        answer.length > REGISTRATION_ANSWER_MAX_LENGTH
          ? 'tooLong'
          : field.required && text === ''
            ? 'required'
            : text !== '' && field.type === 'email' && !isValidEmail(text)
              ? 'emailInvalid'
              : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [field.name], message: problem });
    }
  });
}
