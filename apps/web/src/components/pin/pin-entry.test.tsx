import { describe, it, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PinEntry } from './pin-entry.tsx';

function boxes(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.digit-code__box')].map((box) => box.textContent ?? '');
}

async function typeOnPad(user: ReturnType<typeof userEvent.setup>, digits: string) {
  for (const digit of digits) await user.click(screen.getByRole('button', { name: digit }));
}

describe('PinEntry', () => {
  it('masks the digits in one password field', async () => {
    const user = userEvent.setup();
    const { container } = render(<PinEntry mode="LOGIN" onSubmit={vi.fn()} />);
    const input = screen.getByLabelText('Enter your PIN');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    await user.type(input, '123');
    expect(boxes(container)).toEqual(['•', '•', '•', '', '', '']);
  });

  it('takes digits only from the keyboard and submits once at 6 digits', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PinEntry mode="LOGIN" onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Enter your PIN');
    await user.type(input, '12a3-45');
    expect(input).toHaveValue('12345');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(input, '6');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('works with the on-screen number pad, delete included', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PinEntry mode="TRANSACTION" onSubmit={onSubmit} />);
    expect(screen.getByRole('group', { name: 'Number pad' })).toBeInTheDocument();
    await typeOnPad(user, '129');
    await user.click(screen.getByRole('button', { name: 'Delete last digit' }));
    await typeOnPad(user, '3456');
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('takes a pasted PIN', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PinEntry mode="LOGIN" onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText('Enter your PIN'));
    await user.paste('65 43 21');
    expect(onSubmit).toHaveBeenCalledWith('654321');
  });

  it('asks a new PIN twice and submits it once when both match', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PinEntry mode="CREATE" onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'Create your PIN' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Create your PIN'), '246810');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Re-enter your PIN' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Re-enter your PIN'), '246810');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('246810');
  });

  it("says 'PIN doesn't match', then gives one more chance, then starts over", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PinEntry mode="RESET" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Set a new PIN'), '111111');

    await user.type(screen.getByLabelText('Re-enter your PIN'), '222222');
    expect(screen.getByRole('alert')).toHaveTextContent("PIN doesn't match");
    expect(screen.getByLabelText('Re-enter your PIN')).toHaveValue('');
    expect(screen.getByLabelText('Re-enter your PIN')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Re-enter your PIN'), '333333');
    expect(screen.getByRole('alert')).toHaveTextContent("PIN doesn't match. You have one more chance.");

    await user.type(screen.getByLabelText('Re-enter your PIN'), '444444');
    expect(screen.getByRole('heading', { name: 'Set a new PIN' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose your PIN again');

    await user.type(screen.getByLabelText('Set a new PIN'), '555555');
    await user.type(screen.getByLabelText('Re-enter your PIN'), '555555');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('555555');
  });

  it('clears and marks the boxes when the PIN is refused, each time', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(<PinEntry mode="LOGIN" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Enter your PIN'), '123456');
    rerender(<PinEntry mode="LOGIN" onSubmit={onSubmit} busy />);
    rerender(<PinEntry mode="LOGIN" onSubmit={onSubmit} invalid error="Wrong PIN. You have 2 attempts left before your PIN is locked." />);
    const input = screen.getByLabelText('Enter your PIN');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('You have 2 attempts left');
    expect(input).toHaveAccessibleDescription(/2 attempts left/);

    // A second refusal while `invalid` stays true clears the boxes again.
    await user.type(input, '654321');
    rerender(<PinEntry mode="LOGIN" onSubmit={onSubmit} busy invalid />);
    rerender(<PinEntry mode="LOGIN" onSubmit={onSubmit} invalid error="Wrong PIN. You have 1 attempt left before your PIN is locked." />);
    expect(screen.getByLabelText('Enter your PIN')).toHaveValue('');
  });

  it('disables the pad while busy and offers the forgotten-PIN way', async () => {
    const user = userEvent.setup();
    const onForgotPin = vi.fn();
    const { rerender } = render(<PinEntry mode="LOGIN" onSubmit={vi.fn()} onForgotPin={onForgotPin} />);
    await user.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    expect(onForgotPin).toHaveBeenCalledTimes(1);
    rerender(<PinEntry mode="LOGIN" onSubmit={vi.fn()} onForgotPin={onForgotPin} busy />);
    expect(screen.getByRole('button', { name: '1' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your PIN');
  });

  it('starts over when the mode changes', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<PinEntry mode="CHANGE" onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText('Enter your current PIN'), '123');
    rerender(<PinEntry mode="NEW_PIN" onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Enter your new PIN')).toHaveValue('');
  });
});
