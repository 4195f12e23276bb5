import { afterEach, describe, it, expect, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from './toaster.tsx';
import { copyToClipboard } from './copy-to-clipboard.ts';
import { toast } from './toast-store.ts';

afterEach(() => toast.clear());

describe('Toaster', () => {
  it('announces toasts in a live region and closes them with the close button', async () => {
    render(<Toaster />);
    act(() => void toast.error('Card not found'));
    expect(screen.getByRole('status')).toHaveTextContent('Card not found');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('confirms a copy with the Copied to clipboard toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<Toaster />);
    await act(() => copyToClipboard('1234 5678'));
    expect(writeText).toHaveBeenCalledWith('1234 5678');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard');
    vi.unstubAllGlobals();
  });
});
