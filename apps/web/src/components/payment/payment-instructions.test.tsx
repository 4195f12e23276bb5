import { describe, it, expect } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { paymentFailureReasons, type PaymentInstructions as Instructions } from '@kartu/contracts';
import { SUPPORTED_LANGUAGES } from '@kartu/core/constants';
import { PaymentInstructions } from './payment-instructions.tsx';
import { PaymentFailureDialog, failureReasonKey } from './payment-failure-dialog.tsx';

const expiresAt = new Date(Date.now() + 15 * 60 * 1000).toISOString();

/** The payments catalogue of every language, as its chunk holds it. */
const paymentCatalogues = import.meta.glob<{ default: { failure: { reason: Record<string, string> } } }>('../../locales/*/payments.json', { eager: true });

function renderInstructions(instructions: Instructions, returnTo?: string) {
  return render(
    <MemoryRouter>
      <PaymentInstructions instructions={instructions} expiresAt={expiresAt} returnTo={returnTo} />
    </MemoryRouter>,
  );
}

describe('PaymentInstructions', () => {
  it('shows a manual transfer’s bank, account number to copy and account name', () => {
    renderInstructions({ kind: 'manual_transfer', bank: 'BCA', accountNumber: '0000123456', accountName: 'Kartu Sandbox' });
    expect(screen.getByRole('heading', { name: 'Pay by bank transfer' })).toBeInTheDocument();
    expect(screen.getByText('BCA')).toBeInTheDocument();
    expect(screen.getByText('0000 1234 56')).toBeInTheDocument();
    expect(screen.getByText('Kartu Sandbox')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left to pay' })).toHaveTextContent(/^00:1[45]:\d\d$/);
  });

  it('sends a provider page on another site in the same tab, without a return path', () => {
    renderInstructions({ kind: 'redirect', url: 'https://pay.provider.test/checkout/1' }, '/cards/c/subscribe/payment?payment=p');
    const link = screen.getByRole('link', { name: 'Continue to payment' });
    expect(link).toHaveAttribute('href', 'https://pay.provider.test/checkout/1');
    expect(link).not.toHaveAttribute('target');
  });

  it('says to pay the courier for cash on delivery, with no countdown', () => {
    renderInstructions({ kind: 'cash_on_delivery' });
    expect(screen.getByText(/pay the courier when your order arrives/)).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});

describe('PaymentFailureDialog', () => {
  it('maps known failure reasons and reads any other as a generic failure', () => {
    expect(failureReasonKey('provider_unavailable')).toBe('failure.reason.provider_unavailable');
    expect(failureReasonKey('insufficient_funds')).toBe('failure.reason.failed');
    expect(failureReasonKey(null)).toBe('failure.reason.failed');
  });

  it('tells every reason of the contracts in each of the four languages', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const reasons = paymentCatalogues[`../../locales/${language}/payments.json`]?.default.failure.reason ?? {};
      expect(Object.keys(reasons).sort(), language).toEqual([...paymentFailureReasons].sort());
      expect(Object.values(reasons).every((text) => text.trim().length > 0), language).toBe(true);
    }
  });

  it('starts on Try again', () => {
    render(<PaymentFailureDialog failureReason="declined" onTryAgain={() => undefined} onClose={() => undefined} />);
    expect(screen.getByRole('alertdialog', { name: 'Payment failed' })).toHaveAccessibleDescription('The payment was declined by the payment provider. Please try another payment method.');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });
});
