import { useTranslation } from '../../../lib/i18n.tsx';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useCard } from '../api/get-card.ts';
import { useSaveRegistration } from '../api/save-registration.ts';
import { CardDetailSkeleton } from '../components/card-detail-skeleton.tsx';
import { CardLoadError } from '../components/card-load-error.tsx';
import { RegistrationForm, type RegistrationAnswers } from '../components/registration-form.tsx';
import '../../../components/forms/forms.css';
import '../components/cards.css';

// spec: app-core §2 card route register; business-rules §5 required fields.
export function CardRegistrationPage() {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const { cardId = '' } = useParams();
  const { data: card, error, isError } = useCard(cardId);
  const saveRegistration = useSaveRegistration();

  if (isError) return <CardLoadError error={error} />;

  const save = async (answers: RegistrationAnswers) => {
    try {
      await saveRegistration.mutateAsync({ cardId, answers });
    } catch (failure) {
      // Field problems are shown under their fields by the form; anything else as a toast.
      const fieldProblem = failure instanceof ApiError && failure.code === 'VALIDATION_FAILED' && failure.details?.length;
      const message = fieldProblem ? null : describeApiError(failure);
      if (message) toast.error(message);
      throw failure;
    }
    toast.success(t('registration.saved'));
    void navigate(paths.cardDetail.href({ cardId }), { replace: true });
  };

  return (
    <AppLayout header={<Header title={t('registration.title')} subtitle={card?.cardProgram.programName} onBack={() => void navigate(paths.cardDetail.href({ cardId }))} />}>
      <div className="card-detail">
        {card ? <RegistrationForm fields={card.registration.form} busy={saveRegistration.isPending} onSubmit={save} /> : <CardDetailSkeleton />}
      </div>
    </AppLayout>
  );
}
