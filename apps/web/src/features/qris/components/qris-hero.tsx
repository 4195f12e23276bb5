import { useId, type ReactNode } from 'react';
import type { PaymentStatus } from '@kartu/contracts';
import { PaymentStatusIllustration } from '../../../components/payment/payment-status-illustrations.tsx';
import '../../../components/payment/payment-status.css';
import { StepHeading } from './step-heading.tsx';

export interface QrisHeroProps {
  /** The drawing of the payment statuses that says this one. */
  picture: PaymentStatus;
  title: string;
  message: string;
  children?: ReactNode;
}

/** Where a QRIS payment stands, as the payments' status hero draws it, with what the member does next. */
export function QrisHero({ picture, title, message, children }: QrisHeroProps) {
  const headingId = useId();
  return (
    <section className={`payment-hero payment-hero--${picture} qris-hero`} aria-labelledby={headingId}>
      <div className="payment-hero__picture">
        <PaymentStatusIllustration status={picture} />
      </div>
      <StepHeading id={headingId} className="payment-hero__title">
        {title}
      </StepHeading>
      <p className="payment-hero__message muted">{message}</p>
      {children}
    </section>
  );
}
