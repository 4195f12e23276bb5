import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PrivilegeAnswerBody, SurveyQuestion } from '@kartu/contracts';
import { RequiredMark, RequiredNote, useAnswerIssueText } from '../../../components/forms/answer-messages.tsx';
import { FormField } from '../../../components/forms/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { answerIssuesOf, fieldErrorOf, issueOfFieldError } from '../../../lib/form-answers.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { emptySurveyValues, surveyAnswersOf, surveyFormSchema, type SurveyValues } from '../survey-answers.ts';
import { ChoiceQuestion } from './choice-question.tsx';

export interface SurveyFormProps {
  questions: SurveyQuestion[];
  busy: boolean;
  /** Sends the answers; a refusal of some of them it throws is shown under their questions. */
  onSubmit: (answers: PrivilegeAnswerBody['answers']) => Promise<void>;
}

/**
 * A survey's questions as a form, looking and checking as the card registration form does: the '*'
 * of a required question, its problem under it, nothing sent until every answer passes; then the
 * server's refusals under the questions they name.
 */
export function SurveyForm({ questions, busy, onSubmit }: SurveyFormProps) {
  const { t } = useTranslation('privileges');
  const issueText = useAnswerIssueText();
  const formId = useId();
  const { register, control, handleSubmit, setError, formState } = useForm<SurveyValues>({
    resolver: zodResolver(surveyFormSchema(questions)),
    defaultValues: emptySurveyValues(questions),
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(surveyAnswersOf(questions, values));
    } catch (error) {
      Object.entries(answerIssuesOf(error, questions)).forEach(([name, issue], index) => setError(name, fieldErrorOf(issue), { shouldFocus: index === 0 }));
    }
  });

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <RequiredNote />
      {questions.map((question) => {
        const id = `${formId}-${question.name}`;
        const error = issueText(issueOfFieldError(formState.errors[question.name]));
        if (question.type === 'single' || question.type === 'multiple') {
          return (
            <Controller
              key={question.name}
              control={control}
              name={question.name}
              render={({ field }) => (
                <ChoiceQuestion id={id} question={question} value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={error} />
              )}
            />
          );
        }
        const label = (
          <>
            {question.label}
            {question.required ? <RequiredMark /> : null}
          </>
        );
        return (
          <FormField key={question.name} id={id} label={label} error={error}>
            {(fieldControl) => (
              <input className="text-input" type={question.type} autoComplete="off" {...fieldControl} aria-required={question.required || undefined} {...register(question.name)} />
            )}
          </FormField>
        );
      })}
      <Button type="submit" block loading={busy}>
        {busy ? t('survey.sending') : t('survey.send')}
      </Button>
    </form>
  );
}
