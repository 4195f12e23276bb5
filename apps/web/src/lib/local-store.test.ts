import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createLocalStore } from './local-store.ts';

const key = 'kartu.test-store';
const storeOf = () => createLocalStore<Readonly<Record<string, number>>>({ key, schema: z.record(z.string(), z.number()), empty: {}, isEmpty: (value) => Object.keys(value).length === 0 });

describe('createLocalStore', () => {
  it('reads an unchanged entry as the same value, and a changed one anew', () => {
    const store = storeOf();
    store.write({ a: 1 });
    const first = store.read();
    expect(store.read()).toBe(first);
    localStorage.setItem(key, JSON.stringify({ a: 2 }));
    expect(store.read()).toEqual({ a: 2 });
  });

  it('reads an unreadable or malformed entry as empty, and takes the entry away when the value is empty', () => {
    const store = storeOf();
    localStorage.setItem(key, '{not json');
    expect(store.read()).toEqual({});
    localStorage.setItem(key, JSON.stringify({ a: 'one' }));
    expect(store.read()).toEqual({});
    store.write({});
    expect(localStorage.getItem(key)).toBeNull();
  });

  it("tells its subscribers of a write here and of another tab's change, until they leave", () => {
    const store = storeOf();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.write({ a: 1 });
    window.dispatchEvent(new StorageEvent('storage', { key }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'another.key' }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.write({ a: 2 });
    expect(listener).toHaveBeenCalledTimes(2);
    store.write({});
  });
});
