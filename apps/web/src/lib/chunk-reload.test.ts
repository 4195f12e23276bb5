import { describe, it, expect, vi } from 'vitest';
import { isChunkLoadError, mayReloadForChunkError, reloadForChunkError } from './chunk-reload.ts';

const chunkError = new TypeError('Failed to fetch dynamically imported module: https://kartu.test/assets/cards-1a2b.js');

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('chunk reload guard', () => {
  it('recognises a failed dynamic import', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('allows a reload when none happened or the last was 60 s ago or more', () => {
    expect(mayReloadForChunkError(1_000_000, null)).toBe(true);
    expect(mayReloadForChunkError(1_060_000, 1_000_000)).toBe(true);
    expect(mayReloadForChunkError(1_059_999, 1_000_000)).toBe(false);
  });

  it('reloads once, then not again within a minute', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 5_000_000;
    const deps = { storage, reload, now: () => now };
    expect(reloadForChunkError(chunkError, deps)).toBe(true);
    now += 30_000;
    expect(reloadForChunkError(chunkError, deps)).toBe(false);
    now += 30_000;
    expect(reloadForChunkError(chunkError, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for other errors', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(new Error('render failed'), { storage: memoryStorage(), reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
