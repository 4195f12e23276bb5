import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { RegistrationField } from '@kartu/contracts';
import { answerIssuesOf, fieldErrorOf, issueOfFieldError } from '../../../lib/form-answers.ts';
import { RequiredMark, RequiredNote, useAnswerIssueText } from '../../../components/forms/answer-messages.tsx';
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
  const { t: forms } = useTranslation('forms');
  const issueText = useAnswerIssueText();
  const { register, handleSubmit, setError, formState } = useForm<RegistrationAnswers>({
    resolver: zodResolver(registrationFormSchema(fields)),
    defaultValues: Object.fromEntries(fields.map((field) => [field.name, ''])),
  });

  const submit = handleSubmit(async (answers) => {
    try {
      await onSubmit(answers);
    } catch (error) {
      // The server checks the same rules; its refusals go under their fields.
      for (const [name, issue] of Object.entries(answerIssuesOf(error, fields))) setError(name, fieldErrorOf(issue));
    }
  });

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <RequiredNote />
      {fields.map((field) => {
        const id = `registration-${field.name}`;
        const error = issueText(issueOfFieldError(formState.errors[field.name]));
        const label = (
          <>
            {field.label}
            {field.required ? <RequiredMark /> : null}
          </>
        );
        return (
          <FormField key={field.name} id={id} label={label} error={error}>
            {(control) => {
              const common = { ...control, 'aria-required': field.required || undefined, ...register(field.name) };
              return field.type === 'select' ? (
                <select className="text-input" {...common}>
                  <option value="">{forms('choose')}</option>
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
