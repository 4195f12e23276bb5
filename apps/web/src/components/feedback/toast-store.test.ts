import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { toast } from './toast-store.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  toast.clear();
  vi.useRealTimers();
});

describe('toast', () => {
  it('closes a toast after 5000 ms by default', () => {
    toast.info('Saved');
    vi.advanceTimersByTime(4999);
    expect(toast.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toast.getToasts()).toHaveLength(0);
  });
  it('honours a custom timeout', () => {
    toast.show({ type: 'error', message: 'Wrong PIN', timeout: 3000 });
    vi.advanceTimersByTime(3000);
    expect(toast.getToasts()).toHaveLength(0);
  });
  it('keeps a toast with timeout 0 until it is closed', () => {
    const id = toast.success('Done', 0);
    vi.advanceTimersByTime(60_000);
    expect(toast.getToasts().map((item) => item.type)).toEqual(['success']);
    toast.dismiss(id);
    expect(toast.getToasts()).toHaveLength(0);
  });
});
