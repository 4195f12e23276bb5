import type { ReactNode } from 'react';
import type { PaymentStatus } from '@kartu/contracts';

/** A status drawn in line on a soft disc of its colour (currentColor); decorative, the title says it. */
function Drawing({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 120 120" width="100%" height="100%" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" focusable="false" aria-hidden="true">
      <circle cx="60" cy="60" r="54" fill="currentColor" opacity="0.1" stroke="none" />
      {children}
    </svg>
  );
}

const drawings: Record<PaymentStatus, ReactNode> = {
  // An hourglass: the payment is being made.
  pending: (
    <>
      <path d="M42 30h36M42 90h36" />
      <path d="M46 30c0 16 28 18 28 30s-28 14-28 30M74 30c0 16-28 18-28 30s28 14 28 30" />
      <path d="M52 82h16" opacity="0.6" />
    </>
  ),
  // A clock: waiting for the member to pay.
  waiting_payment: (
    <>
      <circle cx="60" cy="62" r="28" />
      <path d="M60 46v16l11 7M52 26h16" />
    </>
  ),
  // A tick in a ring: paid.
  paid: (
    <>
      <circle cx="60" cy="60" r="30" />
      <path d="M46 61l10 10 19-21" />
    </>
  ),
  // A cross in a ring: failed.
  failed: (
    <>
      <circle cx="60" cy="60" r="30" />
      <path d="M49 49l22 22M71 49L49 71" />
    </>
  ),
  // An hourglass run out: expired.
  expired: (
    <>
      <path d="M42 30h36M42 90h36" />
      <path d="M46 30c0 16 28 18 28 30s-28 14-28 30M74 30c0 16-28 18-28 30s28 14 28 30" />
      <path d="M50 84c4-6 16-6 20 0" opacity="0.6" />
    </>
  ),
  // A slashed ring: cancelled.
  cancelled: (
    <>
      <circle cx="60" cy="60" r="30" />
      <path d="M39 81l42-42" />
    </>
  ),
};

export function PaymentStatusIllustration({ status }: { status: PaymentStatus }) {
  return <Drawing>{drawings[status]}</Drawing>;
}
