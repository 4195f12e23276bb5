import { z } from 'zod';
import { isCalendarDate, isInternationalName, isValidEmail } from '@kartu/core';
import { imageSchema } from './media.ts';

/* spec: business-rules §3 Profile, §5; app-core §7 api/v2/account/profile; docs/decisions/032-profile.md. */

export const genders = ['male', 'female'] as const;
export const genderSchema = z.enum(genders);
export type Gender = z.infer<typeof genderSchema>;

export const PROFILE_NAME_MAX_LENGTH = 100;
/** The longest address mail can be sent to (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** The body of PUT /api/v2/account/profile/photo. spec: business-rules §5 — PNG or JPEG, at most 10 MB. */
export const profilePhotoContentTypes = ['image/jpeg', 'image/png'] as const;

export const profileSchema = z.object({
  name: z.string().nullable(),
  /** Lower case. */
  email: z.string().nullable(),
  birthday: z.string().meta({ format: 'date', description: 'YYYY-MM-DD' }).nullable(),
  gender: genderSchema.nullable(),
  /** E.164, e.g. +6281234567890: shown here, never changed here. */
  phone: z.string().nullable(),
  /** The phone's dialing code without '+', e.g. '62'; null without a phone. */
  countryCode: z.string().nullable(),
  /** Square, drawn round at 96 CSS pixels. */
  photo: imageSchema.nullable(),
  /** False where members sign in with their e-mail: the address is then shown, not edited. */
  emailEditable: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileAnswerSchema = z.object({ data: profileSchema });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

// `abort` keeps an empty field to its one message, 'Please fill …', rather than every rule it fails.
export const profileBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Please fill the name.', abort: true })
    .max(PROFILE_NAME_MAX_LENGTH)
    .refine(isInternationalName, 'The name can have letters only'),
  /** Left out, the e-mail stays as it is: where it signs the member in, the page leaves it out. */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: 'Please fill the email.', abort: true })
    .max(EMAIL_MAX_LENGTH, { error: 'Email is not valid', abort: true })
    .refine(isValidEmail, 'Email is not valid')
    .optional(),
  /** Not after today; null when the member gives none. */
  birthday: z
    .string()
    .refine(isCalendarDate, 'Please input the correct birthday')
    .meta({ format: 'date', description: 'YYYY-MM-DD, a day that exists, from 1900 on' })
    .nullable(),
  gender: genderSchema.nullable(),
});
export type ProfileBody = z.input<typeof profileBodySchema>;
export type ProfileInput = z.output<typeof profileBodySchema>;
