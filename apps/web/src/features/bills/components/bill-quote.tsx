import { useEffect, useId, useRef } from 'react';
import type { BillQuote } from '@kartu/contracts';
import { PaymentCountdown } from '../../../components/payment/payment-instructions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { focusHeading } from '../../../components/ui/focus-heading.ts';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useLanguage, useTranslation } from '../../../lib/i18n.tsx';
import { formatPeriod } from '../bill-kinds.ts';
import type { BillPaySource, PaySourceOption } from '../pay-sources.ts';
import { PayWithChoice } from './pay-with-choice.tsx';
import { useBillMoney } from './use-bill-money.ts';

export interface BillQuoteViewProps {
  quote: BillQuote;
  options: readonly PaySourceOption[];
  source: BillPaySource | null;
  onSourceChange: (source: BillPaySource) => void;
  onPay: () => void;
  paying: boolean;
  /** Why the last payment was refused, if it was. */
  payError: unknown;
  /** The check's 15 minutes ran out: it is checked again before paying. */
  expired: boolean;
  onExpire: () => void;
  onCheckAgain: () => void;
  checking: boolean;
}

/**
 * The checked bill or product before paying (business-rules §3 bill info: service package, period,
 * amount, customer number): whom it is for, the amount and admin fee, the time the check holds, and
 * what pays.
 */
export function BillQuoteView({ quote, options, source, onSourceChange, onPay, paying, payError, expired, onExpire, onCheckAgain, checking }: BillQuoteViewProps) {
  const { t, i18n } = useTranslation('bills');
  const { t: common } = useTranslation();
  const { intlLocale } = useLanguage();
  const money = useBillMoney();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The quote appears under the form without a new address: its heading is read and brought into view.
    const heading = headingRef.current;
    if (!heading) return;
    focusHeading(heading);
    if (typeof heading.scrollIntoView === 'function') heading.scrollIntoView({ block: 'start' });
  }, []);

  const stale = expired || (payError instanceof ApiError && payError.code === 'BILL_CHECK_EXPIRED');
  const refusal = stale ? common('errors.BILL_CHECK_EXPIRED') : payError ? (describeApiError(payError) ?? t('quote.payFailed')) : null;
  const detailLabel = (key: string) => (i18n.exists(`quote.details.${key}`) ? t(`quote.details.${key}`) : key.replace(/_/g, ' '));

  return (
    <section className="bill-quote card-surface" aria-labelledby={headingId}>
      <h2 ref={headingRef} id={headingId} className="bills-section__title bill-quote__title">
        {t('quote.title')}
      </h2>
      <dl className="bill-facts">
        <Fact label={t('quote.product')}>{quote.productName}</Fact>
        <Fact label={t('quote.customerNo')}>{quote.customerNo}</Fact>
        {quote.customerName ? <Fact label={t('quote.customerName')}>{quote.customerName}</Fact> : null}
        {quote.period ? <Fact label={t('quote.period')}>{formatPeriod(quote.period, intlLocale)}</Fact> : null}
        {Object.entries(quote.details).map(([key, value]) => (
          <Fact key={key} label={detailLabel(key)}>
            {value}
          </Fact>
        ))}
        {quote.adminFee > 0 ? (
          <>
            <Fact label={t('quote.price')}>{money.rupiah(quote.amount - quote.adminFee)}</Fact>
            <Fact label={t('quote.adminFee')}>{money.rupiah(quote.adminFee)}</Fact>
          </>
        ) : null}
        <Fact label={t('quote.total')} strong>
          {money.rupiah(quote.amount)}
        </Fact>
      </dl>
      {stale ? null : <PaymentCountdown expiresAt={quote.expiresAt} onExpire={onExpire} />}
      <PayWithChoice options={options} value={source} onChange={onSourceChange} disabled={paying || stale} />
      {refusal ? (
        <div className="bills-refusal" role="alert">
          <p>{refusal}</p>
          {stale ? (
            <Button variant="secondary" loading={checking} onClick={onCheckAgain}>
              {t('quote.checkAgain')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <Button block loading={paying} disabled={source === null || stale} onClick={onPay}>
        {t('quote.pay')}
      </Button>
    </section>
  );
}

function Fact({ label, strong = false, children }: { label: string; strong?: boolean; children: string }) {
  return (
    <div className={strong ? 'bill-facts__row bill-facts__row--total' : 'bill-facts__row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
