import type { Ref } from 'react';
import type { SurveyQuestion } from '@kartu/contracts';
import { RequiredMark } from '../../../components/forms/answer-messages.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

export interface ChoiceQuestionProps {
  id: string;
  question: SurveyQuestion;
  value: string | string[];
  onChange: (value: string | string[]) => void;
  onBlur: () => void;
  /** The first option's input, which takes focus when the question is in error. */
  inputRef: Ref<HTMLInputElement>;
  /** Already translated; read with the group. */
  error?: string;
}

/**
 * A question of one choice (a radio group) or of several (checkboxes), in a fieldset named by its
 * legend. A required one of one choice says so as a radio group may; one of several, in its legend.
 */
export function ChoiceQuestion({ id, question, value, onChange, onBlur, inputRef, error }: ChoiceQuestionProps) {
  const { t } = useTranslation('privileges');
  const single = question.type === 'single';
  const chosen = Array.isArray(value) ? value : value === '' ? [] : [value];
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const choose = (option: string, checked: boolean) => {
    if (single) onChange(option);
    else onChange(checked ? [...chosen, option] : chosen.filter((each) => each !== option));
  };
  return (
    <fieldset
      className="choice-group survey-question"
      role={single ? 'radiogroup' : undefined}
      aria-labelledby={legendId}
      aria-required={single && question.required ? true : undefined}
      aria-invalid={single && error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId}>
        {question.label}
        {question.required ? <RequiredMark /> : null}
        {question.required && !single ? <span className="visually-hidden">{t('survey.requiredGroup')}</span> : null}
      </legend>
      {(question.options ?? []).map((option, index) => (
        <label key={option} className="choice">
          <input
            ref={index === 0 ? inputRef : undefined}
            type={single ? 'radio' : 'checkbox'}
            name={question.name}
            value={option}
            checked={chosen.includes(option)}
            aria-invalid={!single && error ? true : undefined}
            onChange={(event) => choose(option, event.target.checked)}
            onBlur={onBlur}
          />
          <span>{option}</span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
