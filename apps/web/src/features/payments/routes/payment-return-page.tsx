import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { backFromProviderState } from '../../../components/payment/use-payment-failure-dialog.ts';
import { usePaymentPagePath } from '../api/get-payment-page.ts';

/**
 * '/payments/:paymentId': where a provider's page (an e-wallet, a card's bank check) sends the
 * member back. It asks where the payment is followed and goes there, so the member lands on the
 * payment's own page and sees it settle.
 */
export function PaymentReturnPage() {
  const { paymentId: fromPath } = useParams();
  const [search] = useSearchParams();
  const paymentId = fromPath ?? search.get('order_id') ?? '';
  const { t } = useTranslation('payments');
  const page = usePaymentPagePath(paymentId);

  if (paymentId === '' || page.isError) throw new PageNotFoundError(t('page.notFound'));
  if (page.data) return <Navigate to={page.data.path} replace state={backFromProviderState} />;
  return (
    <AppLayout>
      <h1 className="visually-hidden">{t('page.title')}</h1>
      <LoadingRegion label={t('page.loading')} className="payment-page__skeleton">
        <Skeleton shape="block" height="132px" />
      </LoadingRegion>
    </AppLayout>
  );
}
