import { Link, useNavigate, useParams } from 'react-router';
import type { Privilege, PrivilegeAnswer } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ArchiveIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useSite } from '../../../lib/site.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { usePrivilege } from '../api/get-privilege.ts';
import { usePrivilegeAnswers } from '../api/get-privilege-answers.ts';
import { AnswerStateBadge } from '../components/answer-state-badge.tsx';
import { PrivilegesLoadError, PrivilegesSkeleton } from '../components/privilege-states.tsx';
import '../privileges.css';

/**
 * '/cards/:cardId/privileges/:privilegeId/answers' (app-core §2 privileges/{privilegeId}/answers):
 * the member's answers to a survey perk, newest first, each with its review state and day, opening
 * its page. Back leads to the perk.
 */
export function PrivilegeAnswersPage() {
  const { cardId = '', privilegeId = '' } = useParams();
  const { t } = useTranslation('privileges');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const privilege = usePrivilege(cardId, privilegeId);
  const answers = usePrivilegeAnswers(cardId, privilegeId);
  if ((!privilege.data && isNotFound(privilege.error)) || (!answers.data && isNotFound(answers.error))) throw new PageNotFoundError(common('errors.PERK_NOT_FOUND'));
  const failed = privilege.isError ? privilege : answers.isError ? answers : null;
  return (
    <AppLayout header={<Header title={t('answers.title')} subtitle={privilege.data?.title} onBack={() => void navigate(paths.cardPrivilege.href({ cardId, privilegeId }))} />}>
      <div className="privileges-page">
        {privilege.data && answers.data ? (
          <AnswerList privilege={privilege.data} answers={answers.data} />
        ) : failed ? (
          <PrivilegesLoadError error={failed.error} onRetry={() => void failed.refetch()} />
        ) : (
          <PrivilegesSkeleton count={2} />
        )}
      </div>
    </AppLayout>
  );
}

function AnswerList({ privilege, answers }: { privilege: Privilege; answers: readonly PrivilegeAnswer[] }) {
  const { t } = useTranslation('privileges');
  const dates = useDates();
  const { brand } = useSite().merchant;
  if (answers.length === 0) {
    const canAnswer = privilege.kind === 'survey' && privilege.state === 'available';
    return (
      <EmptyState
        illustration={<ArchiveIllustration />}
        title={t('answers.empty')}
        action={canAnswer ? <ButtonLink to={paths.cardPrivilegeSurvey.href({ cardId: privilege.cardId, privilegeId: privilege.id })}>{t('action.answer')}</ButtonLink> : undefined}
      />
    );
  }
  return (
    <ul className="privileges-list">
      {answers.map((answer) => {
        const sent = dates.day(answer.submittedAt);
        return (
          <li key={answer.id}>
            <article className="privilege-card">
              <div className="privilege-card__head">
                <h2 className="privilege-card__title">
                  <Link className="privilege-card__link" to={paths.cardPrivilegeAnswer.href({ cardId: privilege.cardId, privilegeId: privilege.id, answerId: answer.id })}>
                    {t('answers.sentOn', { date: sent })}
                  </Link>
                </h2>
                <AnswerStateBadge state={answer.state} />
              </div>
              {answer.state === 'pending' ? <p className="privilege-card__when">{t('action.reviewTime')}</p> : null}
              {answer.state === 'rejected' && answer.note ? <p className="privilege-card__when">{t('answer.noteLine', { brand, note: answer.note })}</p> : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
