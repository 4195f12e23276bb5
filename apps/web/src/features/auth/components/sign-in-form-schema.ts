import { z } from 'zod';
import { identifierTypeSchema, senderTypeSchema } from '@kartu/contracts';
import { isFilled, isValidEmail } from '@kartu/core';
import { checkPhone, regionSchema } from '../../../components/forms/phone-field.tsx';

/** Error messages are catalogue keys under `validation.` in the auth namespace. */
export const signInFormSchema = z
  .object({
    identifierType: identifierTypeSchema,
    value: z.string(),
    region: regionSchema,
    senderType: senderTypeSchema,
    consent: z.boolean(),
  })
  .superRefine((form, ctx) => {
    // spec: app-core §5 Validation rules: required, e-mail and phone checks with their messages.
    if (form.identifierType === 'phone') {
      checkPhone(form.value, form.region, ctx, ['value']);
    } else if (!isFilled(form.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'emailRequired' });
    } else if (!isValidEmail(form.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'emailInvalid' });
    }
    if (!form.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: 'consentRequired' });
  });

export type SignInForm = z.infer<typeof signInFormSchema>;
