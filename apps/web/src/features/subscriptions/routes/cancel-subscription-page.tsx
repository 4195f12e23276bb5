import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCancelSubscription, useSubscription } from '../api/subscriptions.ts';
import { MembershipIllustration } from '../components/membership-illustration.tsx';
import { useMembershipFormat } from '../components/use-membership-format.ts';
import '../subscriptions.css';

/** '/cards/:cardId/subscribe/cancel': what cancelling means (benefits kept to the end date), then a confirmed cancel. */
export function CancelSubscriptionPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('subscriptions');
  const goBack = useBackNavigation();
  const navigate = useNavigate();
  const { date } = useMembershipFormat();
  const page = useSubscription(cardId);
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const subscription = page.data?.subscription;

  // Only a running subscription can be cancelled: anything else is managed on the subscription page.
  if (page.data && subscription?.status !== 'active') return <Navigate to={paths.cardSubscribe.href({ cardId })} replace />;

  return (
    <AppLayout header={<Header title={t('cancel.title')} onBack={goBack} />}>
      <div className="subscribe-page">
        {!subscription ? (
          <LoadingRegion label={t('loading')}>
            <Skeleton shape="block" height="12rem" />
          </LoadingRegion>
        ) : (
          <section className="cancel-membership card-surface">
            <MembershipIllustration />
            <h2 className="cancel-membership__title">{t('cancel.heading', { plan: subscription.plan.name })}</h2>
            <p>{subscription.endsAt ? t('cancel.keep', { date: date(subscription.endsAt) }) : null}</p>
            <ul className="cancel-membership__points">
              <li>{t('cancel.noCharge')}</li>
              <li>{t('cancel.renewLater')}</li>
            </ul>
            {cancel.isError ? (
              <p className="subscribe-form__error" role="alert">
                {describeApiError(cancel.error) ?? t('errors.generic')}
              </p>
            ) : null}
            <div className="cancel-membership__actions">
              <ButtonLink to={paths.cardSubscribe.href({ cardId })} block>
                {t('cancel.keepButton')}
              </ButtonLink>
              <Button variant="danger" block onClick={() => setConfirming(true)}>
                {t('cancel.button')}
              </Button>
            </div>
          </section>
        )}
      </div>
      {confirming && subscription ? (
        <ConfirmDialog
          title={t('cancel.confirmTitle')}
          message={subscription.endsAt ? t('cancel.keep', { date: date(subscription.endsAt) }) : ''}
          confirmLabel={t('cancel.button')}
          cancelLabel={t('cancel.keepButton')}
          busy={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(cardId, {
              onSuccess: () => {
                toast.success(t('cancel.done'));
                void navigate(paths.cardSubscribe.href({ cardId }), { replace: true });
              },
              onSettled: () => setConfirming(false),
            })
          }
        />
      ) : null}
    </AppLayout>
  );
}
