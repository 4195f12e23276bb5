import { useParams, useSearchParams } from 'react-router';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { HiddenIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useSandboxPayments } from '../api/sandbox-payments.ts';
import { safeReturnPath } from '../components/return-path.ts';
import { SandboxPaymentDetail } from '../components/sandbox-payment-detail.tsx';
import { SandboxPaymentList } from '../components/sandbox-payment-list.tsx';
import '../components/dev-payments.css';

/**
 * '/dev/payments/:paymentId?': the sandbox payment provider's page, development only (the server
 * has no /api/dev routes in production and answers 404). Without an id, the site's latest payments;
 * with one, that payment and what the provider can make happen to it.
 */
export function DevPaymentsPage() {
  const { paymentId } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('payments');
  const { merchant } = useSite();
  const payments = useSandboxPayments();
  const returnQuery = search.get('return');
  const returnPath = safeReturnPath(returnQuery);
  const title = paymentId ? t('sandbox.paymentTitle') : t('sandbox.title');

  const body = () => {
    if (payments.isPending) {
      return (
        <LoadingRegion label={t('sandbox.loading')} className="dev-payments__skeleton">
          <Skeleton shape="block" height="72px" />
          <Skeleton shape="block" height="72px" />
          <Skeleton shape="block" height="72px" />
        </LoadingRegion>
      );
    }
    if (payments.isError) {
      if (payments.error instanceof ApiError && payments.error.status === 404) {
        return (
          <EmptyState
            illustration={<HiddenIllustration />}
            title={t('sandbox.unavailable.title')}
            message={t('sandbox.unavailable.message')}
            action={<ButtonLink to={paths.cards.href()}>{t('sandbox.unavailable.action')}</ButtonLink>}
          />
        );
      }
      return (
        <div className="dev-payments__error" role="alert">
          <p>{describeApiError(payments.error) ?? t('sandbox.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void payments.refetch()}>
            {t('page.retry')}
          </Button>
        </div>
      );
    }
    if (!paymentId) return <SandboxPaymentList payments={payments.data.data} merchantCurrency={merchant.currency} returnTo={returnQuery} />;
    const payment = payments.data.data.find((row) => row.id === paymentId);
    if (!payment) {
      return (
        <EmptyState
          title={t('sandbox.notFound.title')}
          message={t('sandbox.notFound.message')}
          action={<ButtonLink to={paths.devPayments.href({}, { return: returnQuery ?? undefined })}>{t('sandbox.notFound.action')}</ButtonLink>}
        />
      );
    }
    return <SandboxPaymentDetail payment={payment} merchantCurrency={merchant.currency} returnPath={returnPath} />;
  };

  return (
    <AppLayout header={<Header title={title} subtitle={t('sandbox.subtitle')} />}>
      <div className="dev-payments">{body()}</div>
    </AppLayout>
  );
}
