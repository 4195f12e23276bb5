import { useId, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX_LENGTH, genders, PROFILE_NAME_MAX_LENGTH, type Profile, type ProfileBody } from '@kartu/contracts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { formFieldOf, profileBodyOf, profileFormSchema, profileFormValuesOf, serverProblemKey, type ProfileFormValues } from '../profile-form-values.ts';
import { BirthdayField } from './birthday-field.tsx';
import '../../../components/forms/forms.css';

export interface ProfileFormProps {
  profile: Profile;
  busy: boolean;
  /** Sends the body; a refusal it throws is shown on the fields it names, else under the form. */
  onSubmit: (body: ProfileBody) => Promise<void>;
}

/** Name, e-mail, birthday and gender, checked with the contract's rules before anything is sent; the phone is shown only. */
export function ProfileForm({ profile, busy, onSubmit }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const formId = useId();
  const problemId = `${formId}-problem`;
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema(profile)),
    defaultValues: profileFormValuesOf(profile),
  });
  const errors = formState.errors;

  const messageOf = (error: { type?: FieldError['type']; message?: string } | undefined, max?: number): string | undefined => {
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(`validation.${error.message}`, { max });
  };

  const showRefusal = (error: unknown, values: ProfileFormValues) => {
    const fields = error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? (error.details ?? []) : [];
    let shown = false;
    for (const issue of fields) {
      const field = formFieldOf(issue.field);
      if (!field) continue;
      // Worded by the catalogue, as the form's own checks are: the server's message is English.
      setError(field, { type: 'validate', message: serverProblemKey(field, values, issue.rule) }, { shouldFocus: !shown });
      shown = true;
    }
    if (shown) return;
    if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
      setError('email', { type: 'server', message: describeApiError(error) ?? '' }, { shouldFocus: true });
      return;
    }
    setProblem(describeApiError(error));
  };

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSubmit(profileBodyOf(values, profile));
    } catch (error) {
      showRefusal(error, values);
    }
  });

  return (
    <form className="profile-form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={problem ? problemId : undefined}>
      <FormField id={`${formId}-name`} label={t('form.name')} error={messageOf(errors.name, PROFILE_NAME_MAX_LENGTH)}>
        {(fieldControl) => <input {...fieldControl} {...register('name')} className="text-input" autoComplete="name" maxLength={PROFILE_NAME_MAX_LENGTH} />}
      </FormField>

      {profile.emailEditable ? (
        <FormField id={`${formId}-email`} label={t('form.email')} error={messageOf(errors.email)}>
          {(fieldControl) => (
            <input {...fieldControl} {...register('email')} className="text-input" type="email" inputMode="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} />
          )}
        </FormField>
      ) : (
        <ReadOnlyField id={`${formId}-email`} label={t('form.email')} value={profile.email ?? ''} hint={t('form.emailLocked')} />
      )}

      <BirthdayField id={`${formId}-birthday`} register={register} error={messageOf(errors.birthday)} />

      <fieldset className="choice-group" aria-describedby={errors.gender ? `${formId}-gender-error` : undefined}>
        <legend>{t('form.gender')}</legend>
        {genders.map((gender) => (
          <label key={gender} className="choice">
            <input type="radio" value={gender} {...register('gender')} />
            <span>{t(`genders.${gender}`)}</span>
          </label>
        ))}
        <label className="choice">
          <input type="radio" value="" {...register('gender')} />
          <span>{t('genders.unset')}</span>
        </label>
        {errors.gender ? (
          <p id={`${formId}-gender-error`} className="field__error profile-form__gender-error">
            {messageOf(errors.gender)}
          </p>
        ) : null}
      </fieldset>

      {profile.phone ? <ReadOnlyField id={`${formId}-phone`} label={t('form.phone')} value={profile.phone} hint={t('form.phoneLocked')} /> : null}

      {problem ? (
        <p id={problemId} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" block loading={busy}>
        {t('form.save')}
      </Button>
    </form>
  );
}

/** A value shown, not edited: still a labelled, focusable field, with why it cannot change. */
function ReadOnlyField({ id, label, value, hint }: { id: string; label: string; value: string; hint: string }) {
  const hintId = `${id}-hint`;
  return (
    <FormField
      id={id}
      label={label}
      describedBy={hintId}
      hint={
        <p id={hintId} className="field__hint muted">
          {hint}
        </p>
      }
    >
      {(fieldControl) => <input {...fieldControl} className="text-input profile-form__read-only" value={value} readOnly dir="ltr" />}
    </FormField>
  );
}
