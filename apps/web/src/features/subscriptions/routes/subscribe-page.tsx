import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { PaymentOptionsNotice } from '../../../components/payment/payment-options-notice.tsx';
import { usePaymentOptions } from '../../../lib/payment-options.ts';
import { useSubscription } from '../api/subscriptions.ts';
import { MembershipOverview } from '../components/membership-overview.tsx';
import { MembershipIllustration } from '../components/membership-illustration.tsx';
import { SubscribeForm } from '../components/subscribe-form.tsx';
import { useMembershipFormat } from '../components/use-membership-format.ts';
import '../subscriptions.css';

/**
 * '/cards/:cardId/subscribe': a subscription program's plans and the member's subscription, to
 * subscribe, renew, change auto-renew or the card, or go on to cancel (spec: app-core §2 subscribe).
 */
export function SubscribePage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('subscriptions');
  const goBack = useBackNavigation();
  const { date } = useMembershipFormat();
  const page = useSubscription(cardId);
  const payments = usePaymentOptions(cardId);
  const programName = page.data?.program.name ?? '';

  const body = () => {
    if (page.isError) {
      return (
        <div className="subscribe-page__error" role="alert">
          <p>{describeApiError(page.error) ?? t('errors.load')}</p>
          <Button variant="secondary" onClick={() => void page.refetch()}>
            {t('retry')}
          </Button>
        </div>
      );
    }
    if (!page.data || !payments.data) {
      return (
        <LoadingRegion label={t('loading')} className="subscribe-page__skeleton">
          <Skeleton shape="block" height="9rem" />
          <Skeleton shape="block" height="5rem" />
          <Skeleton shape="block" height="5rem" />
        </LoadingRegion>
      );
    }
    const { plans, subscription } = page.data;
    const openPayment = subscription?.openPayment;
    const canBuy = !subscription || subscription.status === 'inactive' || subscription.isRenewable;
    return (
      <>
        {subscription && subscription.status !== 'inactive' ? (
          <MembershipOverview cardId={cardId} programName={programName} subscription={subscription} payments={payments.data} />
        ) : (
          <div className="subscribe-page__intro">
            <MembershipIllustration />
            <h2 className="subscribe-page__intro-title">{t('intro.title', { program: programName })}</h2>
            <p className="muted">{t('intro.message')}</p>
          </div>
        )}
        {subscription?.isExpired && subscription.endsAt ? (
          <p className="membership__notice membership__notice--warning" role="status">
            {t('expiredNotice', { date: date(subscription.endsAt) })}
          </p>
        ) : null}
        {openPayment ? (
          <Link className="subscribe-page__waiting card-surface" to={paths.cardSubscribePayment.href({ cardId }, { payment: openPayment.id })}>
            <strong>{t('waiting.title')}</strong>
            <span>{t('waiting.message')}</span>
          </Link>
        ) : null}
        {canBuy && plans.length === 0 ? <EmptyState illustration={<MembershipIllustration />} title={t('plans.empty')} /> : null}
        {canBuy && plans.length > 0 ? (
          <PaymentOptionsNotice options={payments} unavailable={t('errors.paymentsUnavailable')} className="membership__notice membership__notice--warning" />
        ) : null}
        {canBuy && plans.length > 0 && payments.data.isValid ? <SubscribeForm cardId={cardId} plans={plans} subscription={subscription} payments={payments.data} /> : null}
      </>
    );
  };

  return (
    <AppLayout header={<Header title={t('title')} subtitle={programName || undefined} onBack={goBack} />}>
      <div className="subscribe-page">{body()}</div>
    </AppLayout>
  );
}
