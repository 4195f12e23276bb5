import type { ReactNode } from 'react';
import type { PaymentStatus } from '@kartu/contracts';
import { useTranslation } from '../../lib/i18n.tsx';
import './payment-status.css';
import { PaymentStatusIllustration } from './payment-status-illustrations.tsx';

export interface PaymentStatusHeroProps {
  status: PaymentStatus;
  headingId: string;
  /** What the member does next: the instructions, or the buttons. */
  children?: ReactNode;
}

/** The payment's status as the page's hero: a drawing in the status's colour, what it means, what to do next. */
export function PaymentStatusHero({ status, headingId, children }: PaymentStatusHeroProps) {
  const { t } = useTranslation('payments');
  return (
    <section className={`payment-hero payment-hero--${status}`} aria-labelledby={headingId}>
      <div className="payment-hero__picture">
        <PaymentStatusIllustration status={status} />
      </div>
      <h2 id={headingId} className="payment-hero__title">
        {t(`status.${status}.title`)}
      </h2>
      <p className="payment-hero__message muted">{t(`status.${status}.message`)}</p>
      {children}
    </section>
  );
}
