import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { RegistrationField } from '@kartu/contracts';
import { REGISTRATION_ANSWER_MAX_LENGTH } from '@kartu/core/constants';
import { fieldMessagesOf } from '../../../lib/api-client.ts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { registrationFormSchema } from './registration-form-schema.ts';
import { Button } from '../../../components/ui/button.tsx';

export type RegistrationAnswers = Record<string, string>;

export interface RegistrationFormProps {
  fields: RegistrationField[];
  busy: boolean;
  onSubmit: (answers: RegistrationAnswers) => Promise<void>;
}

export function RegistrationForm({ fields, busy, onSubmit }: RegistrationFormProps) {
  const { t } = useTranslation('cards');
  const { register, handleSubmit, setError, formState } = useForm<RegistrationAnswers>({
    resolver: zodResolver(registrationFormSchema(fields)),
    defaultValues: Object.fromEntries(fields.map((field) => [field.name, ''])),
  });

  const submit = handleSubmit(async (answers) => {
    try {
      await onSubmit(answers);
    } catch (error) {
      // The server checks the same rules; its field messages go under their fields.
      const messages = fieldMessagesOf(error);
      for (const field of fields) {
        const message = messages[`answers.${field.name}`];
        if (message) setError(field.name, { type: 'server', message });
      }
    }
  });

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <p className="muted">{t('registration.requiredNote')}</p>
      {fields.map((field) => {
        const id = `registration-${field.name}`;
        const issue = formState.errors[field.name];
        const error = issue?.type === 'server' ? issue.message : issue?.message && t(`registration.${issue.message}`, { max: REGISTRATION_ANSWER_MAX_LENGTH });
        const label = (
          <>
            {field.label}
            {field.required ? <span aria-hidden="true"> *</span> : null}
          </>
        );
        return (
          <FormField key={field.name} id={id} label={label} error={error}>
            {(control) => {
              const common = { ...control, 'aria-required': field.required || undefined, ...register(field.name) };
              return field.type === 'select' ? (
                <select className="text-input" {...common}>
                  <option value="">{t('registration.choose')}</option>
                  {(field.options ?? []).map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ) : (
                <input className="text-input" type={field.type} autoComplete={field.type === 'email' ? 'email' : 'off'} {...common} />
              );
            }}
          </FormField>
        );
      })}
      <Button type="submit" loading={busy}>
        {busy ? t('registration.saving') : t('registration.save')}
      </Button>
    </form>
  );
}
