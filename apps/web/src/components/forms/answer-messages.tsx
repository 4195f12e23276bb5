import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { ANSWER_MAX_LENGTH, type AnswerIssue } from '../../lib/form-answers.ts';

/*
 * The words of a form the merchant writes (a card's registration, a perk's survey): the '*' of a
 * required field, the note that explains it, and each answer's problem (spec: business-rules §5).
 */

/** Drawn after a required field's label; the control itself tells assistive technology (aria-required). */
export function RequiredMark() {
  return <span aria-hidden="true"> *</span>;
}

/** '* field is required', above the fields. */
export function RequiredNote() {
  const { t } = useTranslation('forms');
  return <p className="muted">{t('requiredNote')}</p>;
}

/** An answer's problem in the member's language, or the server's words for one this app does not name. */
export function useAnswerIssueText(): (issue: AnswerIssue | undefined) => string | undefined {
  const { t } = useTranslation('forms');
  return useCallback((issue) => (issue === undefined ? undefined : 'message' in issue ? issue.message : t(`problems.${issue.problem}`, { max: ANSWER_MAX_LENGTH })), [t]);
}
