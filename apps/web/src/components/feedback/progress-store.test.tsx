import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createProgressStore } from './progress-store.ts';
import { ProgressBar } from './progress-bar.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('progress bar throttle', () => {
  it('stays hidden when the work ends within 200 ms', () => {
    const store = createProgressStore();
    store.setBusy('requests', true);
    vi.advanceTimersByTime(199);
    store.setBusy('requests', false);
    vi.advanceTimersByTime(500);
    expect(store.isVisible()).toBe(false);
  });

  it('shows after 200 ms of work and hides when all work ends', () => {
    const store = createProgressStore();
    store.setBusy('navigation', true);
    store.setBusy('requests', true);
    vi.advanceTimersByTime(200);
    expect(store.isVisible()).toBe(true);
    store.setBusy('navigation', false);
    expect(store.isVisible()).toBe(true);
    store.setBusy('requests', false);
    expect(store.isVisible()).toBe(false);
  });

  it('renders a progressbar only while visible', () => {
    const store = createProgressStore();
    render(<ProgressBar store={store} />);
    act(() => store.setBusy('navigation', true));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });
});
