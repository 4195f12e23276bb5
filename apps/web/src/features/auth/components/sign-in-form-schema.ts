import { z } from 'zod';
import { identifierTypeSchema, senderTypeSchema } from '@kartu/contracts';
import { isFilled, isValidEmail, isValidPhone } from '@kartu/core';

/** Error messages are catalogue keys under `validation.` in the auth namespace. */
export const signInFormSchema = z
  .object({
    identifierType: identifierTypeSchema,
    value: z.string(),
    regionCode: z.string(),
    dialCode: z.string(),
    senderType: senderTypeSchema,
    consent: z.boolean(),
  })
  .superRefine((form, ctx) => {
    // spec: app-core §5 Validation rules: required, e-mail and phone checks with their messages.
    if (!isFilled(form.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: form.identifierType === 'phone' ? 'phoneRequired' : 'emailRequired' });
    } else if (form.identifierType === 'phone' && !isValidPhone(form.value, { dialCode: form.dialCode, region: form.regionCode })) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'phoneInvalid' });
    } else if (form.identifierType === 'email' && !isValidEmail(form.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'emailInvalid' });
    }
    if (!form.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: 'consentRequired' });
  });

export type SignInForm = z.infer<typeof signInFormSchema>;
