import { z } from 'zod';
import { identifierTypeSchema, senderTypeSchema } from '@kartu/contracts';
import { isFilled, isValidEmail } from '@kartu/core';
import { checkPhone, regionSchema } from '../../../components/forms/phone-rules.ts';

/** Error messages are catalogue keys under `validation.` in the auth namespace. */
export const signInFormSchema = z
  .object({
    identifierType: identifierTypeSchema,
    phone: z.string(),
    email: z.string(),
    region: regionSchema,
    senderType: senderTypeSchema,
    consent: z.boolean(),
  })
  .superRefine((form, ctx) => {
    // spec: app-core §5 Validation rules: required, e-mail and phone checks with their messages.
    if (form.identifierType === 'phone') {
      checkPhone(form.phone, form.region, ctx);
    } else if (!isFilled(form.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailRequired' });
    } else if (!isValidEmail(form.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailInvalid' });
    }
    if (!form.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: 'consentRequired' });
  });

export type SignInForm = z.infer<typeof signInFormSchema>;
