import { z } from 'zod';
import { genderSchema, profileBodySchema, type Profile, type ProfileBody } from '@kartu/contracts';
import { isoDateIn } from '@kartu/core/calendar';
import { resolveTimezone } from '../../lib/api-client.ts';

/** What the profile form holds: the birthday as three choices (day, month, year), no gender as ''. */
export const profileFormValuesSchema = z.object({
  name: z.string(),
  email: z.string(),
  birthday: z.object({ day: z.string(), month: z.string(), year: z.string() }),
  gender: z.union([genderSchema, z.literal('')]),
});
export type ProfileFormValues = z.infer<typeof profileFormValuesSchema>;

export type ProfileFormField = 'name' | 'email' | 'birthday' | 'gender';

const pad = (value: string) => value.padStart(2, '0');

export function profileFormValuesOf(profile: Profile): ProfileFormValues {
  const [year = '', month = '', day = ''] = profile.birthday?.split('-') ?? [];
  return {
    name: profile.name ?? '',
    email: profile.email ?? '',
    birthday: { day: day.replace(/^0/, ''), month: month.replace(/^0/, ''), year },
    gender: profile.gender ?? '',
  };
}

/** The birthday as the server takes it: null when none of its parts is chosen. */
function birthdayOf({ day, month, year }: ProfileFormValues['birthday']): string | null {
  if (!day && !month && !year) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The body the server takes. The e-mail is left out where it signs the member in (it cannot change
 * here), and where the member has none and typed none.
 */
export function profileBodyOf(values: ProfileFormValues, profile: Pick<Profile, 'email' | 'emailEditable'>): ProfileBody {
  const email = values.email.trim();
  const sendsEmail = profile.emailEditable && (email !== '' || profile.email !== null);
  return {
    name: values.name,
    ...(sendsEmail ? { email } : {}),
    birthday: birthdayOf(values.birthday),
    gender: values.gender === '' ? null : values.gender,
  };
}

/** The form field of a body field in a 400's details (`body.birthday` → birthday). */
export function formFieldOf(bodyField: string): ProfileFormField | undefined {
  const field = bodyField.replace(/^body\./, '');
  return field === 'name' || field === 'email' || field === 'birthday' || field === 'gender' ? field : undefined;
}

/** The catalogue key of a problem the server found with a field (a 400's details), in the member's words. */
export function serverProblemKey(field: ProfileFormField, values: ProfileFormValues, rule: string): string {
  return field === 'birthday' && rule === 'future' ? 'birthdayFuture' : problemKey(field, values, rule);
}

/** The catalogue key (under `validation.` in the profile namespace) of a field's problem. */
function problemKey(field: ProfileFormField, values: ProfileFormValues, issueCode: string): string {
  switch (field) {
    case 'name':
      return values.name.trim() === '' ? 'nameRequired' : issueCode === 'too_big' ? 'nameTooLong' : 'nameLetters';
    case 'email':
      return values.email.trim() === '' ? 'emailRequired' : 'emailInvalid';
    case 'birthday':
      return 'birthdayInvalid';
    default:
      return 'invalid';
  }
}

/**
 * The form's rules are the contract's (profileBodySchema), read on the body the form would send,
 * plus what only a form can say: a birthday partly chosen, or after today in the member's zone.
 */
export function profileFormSchema(profile: Pick<Profile, 'email' | 'emailEditable'>) {
  return profileFormValuesSchema.superRefine((values, context) => {
    const seen = new Set<ProfileFormField>();
    const { day, month, year } = values.birthday;
    if ((day || month || year) && !(day && month && year)) {
      context.addIssue({ code: 'custom', path: ['birthday'], message: 'birthdayIncomplete' });
      seen.add('birthday');
    }
    const body = profileBodyOf(values, profile);
    const checked = profileBodySchema.safeParse(body);
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ''));
      if (!field || seen.has(field)) continue;
      seen.add(field);
      context.addIssue({ code: 'custom', path: [field], message: problemKey(field, values, issue.code) });
    }
    // spec: business-rules §3 Profile: a birthday is not after today.
    if (!seen.has('birthday') && body.birthday && body.birthday > isoDateIn(new Date(), resolveTimezone())) {
      context.addIssue({ code: 'custom', path: ['birthday'], message: 'birthdayFuture' });
    }
  });
}
