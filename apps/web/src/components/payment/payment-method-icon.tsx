import type { ReactNode } from 'react';
import type { PaymentMethod } from '@kartu/contracts';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const drawings: Record<PaymentMethod, ReactNode> = {
  virtual_account: (
    <>
      <path d="M3 9.5L12 4l9 5.5M4 20h16M5 10v7M9.5 10v7M14.5 10v7M19 10v7" />
    </>
  ),
  qris: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3h-3zM21 14v.01M14 21h.01M17.5 21H21v-3.5" />
    </>
  ),
  ewallet: (
    <>
      <path d="M4 7.5A2.5 2.5 0 016.5 5H18v3" />
      <rect x="3" y="8" width="18" height="12" rx="2.5" />
      <path d="M16 14h2" />
    </>
  ),
  credit_card: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
      <path d="M2.5 10h19M6 15h4" />
    </>
  ),
  manual_transfer: (
    <>
      <path d="M4 8h13l-3.5-3.5M20 16H7l3.5 3.5" />
    </>
  ),
  cash_on_delivery: (
    <>
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6 9v.01M18 15v.01" />
    </>
  ),
};

/** A line drawing of a payment method, in the colour of the text around it; always decorative. */
export function PaymentMethodIcon({ method }: { method: PaymentMethod }) {
  return <Icon>{drawings[method]}</Icon>;
}
