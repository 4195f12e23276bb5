import type { PaymentSplit } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

/**
 * How the total is paid (business-rules §5): the card's points first, and in money what they do not
 * cover, with the spec's message when the card lacks points and money must make up the difference.
 */
export function PaymentSplitSummary({ payment, currency, format }: { payment: PaymentSplit; currency: string; format: ShopFormat }) {
  const { t } = useTranslation('shop');
  const { t: common } = useTranslation();
  return (
    <>
      <dl className="price-breakdown">
        <div className="price-breakdown__row">
          <dt>{t('split.balance')}</dt>
          <dd>{format.points(payment.balance)}</dd>
        </div>
        <div className="price-breakdown__row">
          <dt>{t('split.points')}</dt>
          <dd>{format.points(payment.points)}</dd>
        </div>
        {payment.pointsShortfall > 0 ? (
          <div className="price-breakdown__row">
            <dt>{t('split.shortfall')}</dt>
            <dd>{format.points(payment.pointsShortfall)}</dd>
          </div>
        ) : null}
        <div className="price-breakdown__row price-breakdown__row--total">
          <dt>{t('split.money')}</dt>
          <dd>{format.money(payment.money, currency)}</dd>
        </div>
      </dl>
      {payment.pointsShortfall > 0 ? (
        <p className="checkout-notice" role="status">
          {common('errors.PAYMENT_SOURCE_NOT_SUFFICIENT')}
        </p>
      ) : null}
    </>
  );
}
