import { describe, it, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardTokenInput } from '@kartu/contracts';
import { CreditCardForm } from './credit-card-form.tsx';

const now = () => new Date('2026-11-24T10:00:00Z');

function renderForm(overrides: Partial<Parameters<typeof CreditCardForm>[0]> = {}) {
  const onTokenized = vi.fn<(card: CardTokenInput) => void>();
  render(<CreditCardForm provider="sandbox" publicKey="sandbox_public_key" submitLabel="Pay Rp 150.000" onTokenized={onTokenized} now={now} {...overrides} />);
  return { onTokenized, user: userEvent.setup() };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, card: { number: string; name?: string; expiry?: string; cvv?: string }) {
  await user.type(screen.getByLabelText('Card number'), card.number);
  await user.type(screen.getByLabelText('Name on card'), card.name ?? 'Rani Putri');
  await user.type(screen.getByLabelText('Expiry date'), card.expiry ?? '1230');
  await user.type(screen.getByLabelText('CVV'), card.cvv ?? '123');
}

describe('CreditCardForm', () => {
  it('groups the number as typed, names the brand and fills in the browser’s card fields', async () => {
    const { user } = renderForm();
    const number = screen.getByLabelText('Card number');
    await user.type(number, '4111111111111111');
    expect(number).toHaveValue('4111 1111 1111 1111');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAccessibleDescription('Card type: Visa');
    expect(screen.getByLabelText('Name on card')).toHaveAttribute('autocomplete', 'cc-name');
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVV')).toHaveAttribute('autocomplete', 'cc-csc');
  });

  it('hands over the token and what may be shown of the card, never the number or the CVV', async () => {
    const { user, onTokenized } = renderForm();
    await fillCard(user, { number: '5555555555554444', expiry: '0731' });
    expect(screen.getByLabelText('Expiry date')).toHaveValue('07/31');
    await user.click(screen.getByRole('button', { name: 'Pay Rp 150.000' }));

    expect(onTokenized).toHaveBeenCalledWith({
      token: 'sandbox_card_ok_mastercard_4444',
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: 7,
      expiryYear: 2031,
      nameOnCard: 'Rani Putri',
    });
    expect(JSON.stringify(onTokenized.mock.calls)).not.toMatch(/5555555555554444|"123"/);
  });

  it('asks for 4 digits of CVV on an AMEX card', async () => {
    const { user, onTokenized } = renderForm();
    await fillCard(user, { number: '378282246310005', cvv: '123' });
    expect(screen.getByLabelText('Card number')).toHaveValue('3782 822463 10005');
    expect(screen.getByLabelText('CVV')).toHaveAccessibleDescription('4 digits on the front of the card');
    await user.click(screen.getByRole('button', { name: 'Pay Rp 150.000' }));

    expect(screen.getByLabelText('CVV')).toHaveAccessibleDescription(/The CVV is 4 digits/);
    expect(onTokenized).not.toHaveBeenCalled();
  });

  it('says what is wrong under each field in the member’s words', async () => {
    const { user, onTokenized } = renderForm();
    await fillCard(user, { number: '4111111111111112', name: ' ', expiry: '1025', cvv: '1' });
    await user.click(screen.getByRole('button', { name: 'Pay Rp 150.000' }));

    expect(screen.getByText('Invalid Credit Card information')).toBeInTheDocument();
    expect(screen.getByText('Enter the name as it is printed on the card')).toBeInTheDocument();
    expect(screen.getByText('This card has expired')).toBeInTheDocument();
    expect(screen.getByText('The CVV is 3 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(onTokenized).not.toHaveBeenCalled();
  });

  it('tokenises the sandbox’s declined test card as one to decline', async () => {
    const { user, onTokenized } = renderForm();
    await fillCard(user, { number: '4000000000000002' });
    await user.click(screen.getByRole('button', { name: 'Pay Rp 150.000' }));
    expect(onTokenized).toHaveBeenCalledWith(expect.objectContaining({ token: 'sandbox_card_decline_visa_0002', last4: '0002' }));
  });

  it('shows a payment key failure when the provider cannot tokenise here', async () => {
    const { user, onTokenized } = renderForm({ provider: 'midtrans', publicKey: 'mid_client_key' });
    await fillCard(user, { number: '4111111111111111' });
    await user.click(screen.getByRole('button', { name: 'Pay Rp 150.000' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Payment key failure/);
    expect(onTokenized).not.toHaveBeenCalled();
  });

  it('waits while the parent uses the token', () => {
    renderForm({ busy: true });
    expect(screen.getByRole('button', { name: 'Pay Rp 150.000' })).toBeDisabled();
  });
});
