import { describe, it, expect } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@kartu/contracts';
import { PaymentMethodPicker } from './payment-method-picker.tsx';

function Picker({ methods }: { methods: PaymentMethod[] }) {
  const [value, setValue] = useState<PaymentMethod | null>(null);
  return <PaymentMethodPicker methods={methods} value={value} onChange={setValue} />;
}

describe('PaymentMethodPicker', () => {
  it('offers the merchant’s methods as one radio group with their names and hints', () => {
    render(<Picker methods={['virtual_account', 'qris', 'credit_card']} />);
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(group).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['virtual_account', 'qris', 'credit_card']);
    expect(screen.getByRole('radio', { name: 'QRIS' })).toHaveAccessibleDescription('Scan a QR code with any banking or e-wallet app');
  });

  it('is chosen by tapping a method or with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Picker methods={['virtual_account', 'qris', 'cash_on_delivery']} />);
    await user.click(screen.getByText('Virtual account'));
    expect(screen.getByRole('radio', { name: 'Virtual account' })).toBeChecked();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'QRIS' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'QRIS' })).toHaveFocus();
  });

  it('shows an error read with the group', () => {
    render(<PaymentMethodPicker methods={['ewallet']} value={null} onChange={() => undefined} error="Choose a payment method" />);
    expect(screen.getByRole('group', { name: 'Payment method' })).toHaveAccessibleDescription('Choose a payment method');
  });
});
