import { Button } from '../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useQrisPayment } from '../api/get-qris-payment.ts';
import { useQrisWallet } from '../api/get-qris-wallet.ts';
import { QrisPaymentOutcome } from './qris-payment-outcome.tsx';
import { QrisSkeleton } from './qris-skeleton.tsx';

const notFoundStatuses = new Set([400, 404, 422]);

function isPaymentNotFound(error: unknown): boolean {
  return error instanceof ApiError && notFoundStatuses.has(error.status);
}

/** One QRIS payment of the card followed live until it settles (`?payment=`), as after paying or coming back from the provider. */
export function QrisPaymentView({ cardId, paymentId, qrisPayload }: { cardId: string; paymentId: string; qrisPayload: string }) {
  const { t } = useTranslation('qris');
  const query = useQrisPayment(cardId, paymentId);
  const wallet = useQrisWallet();
  const payment = query.data;
  if (!payment && query.isError && isPaymentNotFound(query.error)) throw new PageNotFoundError(t('notFound'));

  const said = payment ? (payment.status === 'pending' ? t('pending.status') : t(`${payment.status}.title`)) : '';
  return (
    <>
      {/* Said once when the payment is found, and again when it settles. */}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {payment ? (
        // A new status is a new step: its heading is drawn anew and takes focus.
        <QrisPaymentOutcome key={payment.status} payment={payment} wallet={wallet.data ?? null} qrisPayload={qrisPayload} onExpire={() => void query.refetch()} />
      ) : query.isError ? (
        <div className="qris-refusal" role="alert">
          <p>{describeApiError(query.error) ?? t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <QrisSkeleton label={t('loading')} />
      )}
    </>
  );
}
