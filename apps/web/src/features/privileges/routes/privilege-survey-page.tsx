import { useNavigate, useParams } from 'react-router';
import type { Privilege, PrivilegeAnswerBody } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { usePrivilege } from '../api/get-privilege.ts';
import { useSendPrivilegeAnswer } from '../api/send-privilege-answer.ts';
import { PrivilegeAction } from '../components/privilege-action.tsx';
import { PrivilegesLoadError, PrivilegesSkeleton } from '../components/privilege-states.tsx';
import { SurveyForm } from '../components/survey-form.tsx';
import '../../../components/forms/forms.css';
import '../privileges.css';

/**
 * '/cards/:cardId/privileges/:privilegeId/survey' (app-core §2 privileges/{privilegeId}/survey): a
 * survey perk's questions as a form, while the perk is open to the member; once sent, the new
 * answer's page. A perk that is not open (answered, ended, paused, locked) says why instead.
 */
export function PrivilegeSurveyPage() {
  const { cardId = '', privilegeId = '' } = useParams();
  const { t } = useTranslation('privileges');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const privilege = usePrivilege(cardId, privilegeId);
  if (!privilege.data && isNotFound(privilege.error)) throw new PageNotFoundError(common('errors.PERK_NOT_FOUND'));
  // A voucher perk has no survey.
  if (privilege.data && privilege.data.kind !== 'survey') throw new PageNotFoundError(t('survey.notFound'));
  return (
    <AppLayout
      header={<Header title={privilege.data?.title ?? t('survey.title')} subtitle={privilege.data ? t('survey.title') : undefined} onBack={() => void navigate(paths.cardPrivilege.href({ cardId, privilegeId }))} />}
    >
      <div className="privileges-page">
        {privilege.data ? (
          <Survey privilege={privilege.data} />
        ) : privilege.isError ? (
          <PrivilegesLoadError error={privilege.error} onRetry={() => void privilege.refetch()} />
        ) : (
          <PrivilegesSkeleton count={2} />
        )}
      </div>
    </AppLayout>
  );
}

function Survey({ privilege }: { privilege: Privilege }) {
  const { t } = useTranslation('privileges');
  const navigate = useNavigate();
  const send = useSendPrivilegeAnswer();
  if (privilege.state !== 'available') {
    return (
      <div className="privilege-detail">
        <PrivilegeAction privilege={privilege} />
      </div>
    );
  }

  const submit = async (answers: PrivilegeAnswerBody['answers']) => {
    try {
      const answer = await send.mutateAsync({ cardId: privilege.cardId, privilegeId: privilege.id, answers });
      toast.success(t('survey.sent'));
      void navigate(paths.cardPrivilegeAnswer.href({ cardId: privilege.cardId, privilegeId: privilege.id, answerId: answer.id }), { replace: true });
    } catch (failure) {
      // The answers' own problems go under their questions (the form's); anything else is said here.
      const answersRefused = failure instanceof ApiError && failure.code === 'VALIDATION_FAILED' && failure.details?.length;
      const message = answersRefused ? null : describeApiError(failure);
      if (message) toast.error(message);
      throw failure;
    }
  };

  return (
    <div className="privilege-detail">
      {privilege.description ? <p className="privilege-detail__description">{privilege.description}</p> : null}
      <SurveyForm questions={privilege.questions} busy={send.isPending} onSubmit={submit} />
    </div>
  );
}
