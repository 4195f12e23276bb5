import { useId, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Privilege, PrivilegeAnswer, SurveyQuestion } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useLanguage, useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useSite } from '../../../lib/site.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { usePrivilege } from '../api/get-privilege.ts';
import { usePrivilegeAnswer } from '../api/get-privilege-answer.ts';
import { AnswerStateBadge } from '../components/answer-state-badge.tsx';
import { PrivilegesLoadError, PrivilegesSkeleton } from '../components/privilege-states.tsx';
import { usePrivilegeWords } from '../use-privilege-words.ts';
import '../privileges.css';

/**
 * '/cards/:cardId/privileges/:privilegeId/answers/:answerId' (app-core §2
 * privileges/{privilegeId}/answers/{answerId}): one of the member's answers as given, its review
 * (within 2 working days, business-rules §9) and the merchant's note on a rejection. Back leads to the answers.
 */
export function PrivilegeAnswerPage() {
  const { cardId = '', privilegeId = '', answerId = '' } = useParams();
  const { t } = useTranslation('privileges');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const privilege = usePrivilege(cardId, privilegeId);
  const answer = usePrivilegeAnswer(cardId, privilegeId, answerId);
  if (!privilege.data && isNotFound(privilege.error)) throw new PageNotFoundError(common('errors.PERK_NOT_FOUND'));
  if (!answer.data && isNotFound(answer.error)) throw new PageNotFoundError(common('errors.PERK_ANSWER_NOT_FOUND'));
  const failed = privilege.isError ? privilege : answer.isError ? answer : null;
  return (
    <AppLayout
      header={<Header title={t('answer.title')} subtitle={privilege.data?.title} onBack={() => void navigate(paths.cardPrivilegeAnswers.href({ cardId, privilegeId }))} />}
    >
      <div className="privileges-page">
        {privilege.data && answer.data ? (
          <AnswerDetail privilege={privilege.data} answer={answer.data} />
        ) : failed ? (
          <PrivilegesLoadError error={failed.error} onRetry={() => void failed.refetch()} />
        ) : (
          <PrivilegesSkeleton count={2} />
        )}
      </div>
    </AppLayout>
  );
}

function AnswerDetail({ privilege, answer }: { privilege: Privilege; answer: PrivilegeAnswer }) {
  const { t } = useTranslation('privileges');
  const dates = useDates();
  const { brand } = useSite().merchant;
  const words = usePrivilegeWords();
  const answersHeading = useId();
  const answerAgain = answer.state === 'rejected' && privilege.state === 'available';
  return (
    <>
      <article className="privilege-detail">
        <div className="privilege-card__head">
          <AnswerStateBadge state={answer.state} />
        </div>
        <dl className="privilege-detail__facts">
          <div>
            <dt>{t('answer.sent')}</dt>
            <dd>{dates.day(answer.submittedAt)}</dd>
          </div>
          {answer.reviewedAt ? (
            <div>
              <dt>{t('answer.reviewed')}</dt>
              <dd>{dates.day(answer.reviewedAt)}</dd>
            </div>
          ) : null}
        </dl>
        {answer.state === 'pending' ? <p className="privilege-action__note">{t('action.reviewTime')}</p> : null}
        {answer.state === 'approved' && privilege.rewardPoints !== null ? (
          <p className="privilege-action__note">{t('action.approvedPoints', { points: words.points(privilege.rewardPoints, privilege.unit) })}</p>
        ) : null}
        {answer.state === 'rejected' ? <p className="privilege-action__note">{answer.note ? t('answer.noteLine', { brand, note: answer.note }) : t('answer.rejected')}</p> : null}
        {answerAgain ? (
          <div className="privilege-action__actions">
            <ButtonLink to={paths.cardPrivilegeSurvey.href({ cardId: privilege.cardId, privilegeId: privilege.id })}>{t('answer.again')}</ButtonLink>
          </div>
        ) : null}
      </article>
      <section className="privilege-answers" aria-labelledby={answersHeading}>
        <h2 id={answersHeading} className="privilege-terms__heading">
          {t('answer.given')}
        </h2>
        <dl className="privilege-answers__list">
          {privilege.questions.map((question) => (
            <div key={question.name}>
              <dt>{question.label}</dt>
              <dd>
                <GivenAnswer question={question} value={answer.answers[question.name]} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

/** One answer as given: the text, the day in the member's language, the options chosen as a list. */
function GivenAnswer({ question, value }: { question: SurveyQuestion; value: string | string[] | undefined }) {
  const { t } = useTranslation('privileges');
  const { intlLocale } = useLanguage();
  // A day answered is a calendar day, the same wherever it is read: written in UTC, never shifted by the zone.
  const day = useMemo(() => new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeZone: 'UTC' }), [intlLocale]);
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (values.length === 0 || values.every((each) => each.trim() === '')) return <span className="privilege-answers__none">{t('answer.none')}</span>;
  if (question.type === 'multiple') {
    return (
      <ul className="privilege-answers__choices">
        {values.map((each) => (
          <li key={each}>{each}</li>
        ))}
      </ul>
    );
  }
  const [first = ''] = values;
  const isDay = question.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(first);
  return <>{isDay ? day.format(new Date(`${first}T00:00:00.000Z`)) : values.join(', ')}</>;
}
