import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { BillPayment } from '@kartu/contracts';
import { copyToClipboard } from '../../../components/feedback/copy-to-clipboard.ts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { PaymentStatusIllustration } from '../../../components/payment/payment-status-illustrations.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { focusHeading, isTypingIn } from '../../../components/ui/focus-heading.ts';
import { paths } from '../../../config/paths.ts';
import { useLanguage, useTranslation } from '../../../lib/i18n.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { formatPeriod } from '../bill-kinds.ts';
import { useBillMoney } from './use-bill-money.ts';
import '../../../components/payment/payment-status.css';

/**
 * The outcome's heading takes focus once painted: after the move to this page has focused its title,
 * which would otherwise win, and again as a pending payment settles.
 */
function useOutcomeFocus() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (headingRef.current && !isTypingIn(document.activeElement)) focusHeading(headingRef.current);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return headingRef;
}

/**
 * Where a bill payment stands: being processed (the page reads it again until it settles), done with
 * its token or serial number to copy, or failed with what the card got back. Its heading takes focus
 * whenever it is drawn, so the member hears the outcome at once.
 */
export function BillPaymentOutcome({ payment }: { payment: BillPayment }) {
  const { t } = useTranslation('bills');
  const headingRef = useOutcomeFocus();
  const headingId = useId();
  const { cardId } = payment;
  const picture = payment.status === 'success' ? 'paid' : payment.status;
  const message =
    payment.status === 'pending' ? t('payment.pending.message') : payment.status === 'success' ? t('payment.success.message') : t('payment.failed.returned', { context: payment.unit });

  return (
    <section className={`payment-hero payment-hero--${picture} bill-result`} aria-labelledby={headingId}>
      {payment.status === 'pending' ? (
        <span className="bill-result__spinner" aria-hidden="true" />
      ) : (
        <div className="payment-hero__picture">
          <PaymentStatusIllustration status={picture} />
        </div>
      )}
      <h2 ref={headingRef} id={headingId} className="payment-hero__title">
        {t(`payment.${payment.status}.title`)}
      </h2>
      <p className="payment-hero__message muted">{message}</p>
      {payment.status === 'failed' && payment.message ? <p className="bill-result__reason">{t('payment.failed.reason', { reason: payment.message })}</p> : null}
      {payment.status === 'success' && payment.serialNumber ? <SerialNumber payment={payment} serialNumber={payment.serialNumber} /> : null}
      <PaymentFacts payment={payment} />
      <div className="bill-result__actions">
        <ButtonLink to={paths.cardDetail.href({ cardId })} block>
          {t('payment.done')}
        </ButtonLink>
        <ButtonLink to={paths.cardBillCategory.href({ cardId, category: payment.category }, { customerNo: payment.customerNo, sku: payment.sku })} variant="secondary" block>
          {t('payment.buyAgain')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** The electricity token or the product's serial number, big, in groups of four for a token, with a button that copies it. */
function SerialNumber({ payment, serialNumber }: { payment: BillPayment; serialNumber: string }) {
  const { t } = useTranslation('bills');
  const what = payment.category === 'electricity_token' ? 'token' : 'serialNumber';
  const copy = async () => {
    if (!(await copyToClipboard(serialNumber))) toast.error(t('payment.copyFailed'));
  };
  return (
    <div className="bill-serial card-surface">
      <p className="bill-serial__label">
        {t(`payment.${what}`)}
      </p>
      <p className="bill-serial__number">
        {serialNumber}
      </p>
      <Button variant="secondary" onClick={() => void copy()} aria-label={t(`payment.copyLabel.${what}`)}>
        {t('payment.copy')}
      </Button>
    </div>
  );
}

function PaymentFacts({ payment }: { payment: BillPayment }) {
  const { t } = useTranslation('bills');
  const { intlLocale } = useLanguage();
  const money = useBillMoney();
  const dates = useDates();
  const row = (label: string, value: ReactNode) => (
    <div className="bill-facts__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="bill-facts card-surface">
      {row(t('payment.facts.product'), payment.productName)}
      {row(t('payment.facts.customerNo'), payment.customerNo)}
      {payment.customerName ? row(t('payment.facts.customerName'), payment.customerName) : null}
      {payment.period ? row(t('payment.facts.period'), formatPeriod(payment.period, intlLocale)) : null}
      {row(t('payment.facts.amount'), money.rupiah(payment.amount))}
      {row(t(payment.status === 'failed' ? 'payment.facts.returned' : 'payment.facts.spent'), money.inUnit(payment.spent, payment.unit))}
      {row(t('payment.facts.date'), <time dateTime={payment.createdAt}>{dates.moment(payment.createdAt)}</time>)}
    </dl>
  );
}
