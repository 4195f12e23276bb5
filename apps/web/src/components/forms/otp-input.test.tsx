import { useState } from 'react';
import { describe, it, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpInput } from './otp-input.tsx';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = useState('');
  return <OtpInput id="otp" label="Verification code" value={code} onChange={setCode} onComplete={onComplete} />;
}

describe('OtpInput', () => {
  it('is one numeric field that the phone can fill from the SMS', () => {
    render(<Harness onComplete={vi.fn()} />);
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('type', 'text');
  });

  it('keeps digits only and shows them in six boxes', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness onComplete={vi.fn()} />);
    const input = screen.getByLabelText('Verification code');
    await user.type(input, '4x2 9');
    expect(input).toHaveValue('429');
    const boxes = [...container.querySelectorAll('.digit-code__box')].map((box) => box.textContent);
    expect(boxes).toEqual(['4', '2', '9', '', '', '']);
  });

  it('takes a pasted message and completes with its six digits', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(screen.getByLabelText('Verification code'));
    await user.paste('Your code is 123 456.');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('never holds more than six digits', async () => {
    const user = userEvent.setup();
    render(<Harness onComplete={vi.fn()} />);
    await user.type(screen.getByLabelText('Verification code'), '12345678');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
  });
});
