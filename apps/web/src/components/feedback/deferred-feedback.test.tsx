import { afterEach, describe, it, expect } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { DeferredFeedback } from './deferred-feedback.tsx';
import { toast } from './toast-store.ts';

afterEach(() => toast.clear());

describe('DeferredFeedback', () => {
  it('shows toasts raised before its code arrived', async () => {
    act(() => void toast.error('No internet or server not reachable, please try again'));
    render(<DeferredFeedback />);
    expect(await screen.findByRole('status')).toHaveTextContent('No internet or server not reachable, please try again');
  });
});
