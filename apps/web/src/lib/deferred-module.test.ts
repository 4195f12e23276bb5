import { describe, expect, it, vi } from 'vitest';
import { deferredModule, whenIdle } from './deferred-module.ts';

describe('deferredModule', () => {
  it('fetches once, however often it is asked, and hands out the module once it arrived', async () => {
    const loader = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = deferredModule(loader);
    expect(module.loaded()).toBeNull();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(module.loaded()).toEqual({ answer: 42 });
  });

  it('tries again after a failed fetch', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ answer: 1 });
    const module = deferredModule(loader);
    await expect(module.load()).rejects.toThrow('offline');
    await expect(module.load()).resolves.toEqual({ answer: 1 });
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

describe('whenIdle', () => {
  it('runs the work once the loaded page is idle, and not at all once cancelled', async () => {
    const work = vi.fn();
    whenIdle(work);
    const cancelledWork = vi.fn();
    whenIdle(cancelledWork)();
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cancelledWork).not.toHaveBeenCalled();
  });
});
