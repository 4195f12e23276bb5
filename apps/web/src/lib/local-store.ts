import type { ZodType } from 'zod';

/*
 * A value the app keeps in one localStorage entry, read through a schema: the parse of the entry's
 * text is kept, so reading an unchanged entry gives the same value (what useSyncExternalStore
 * needs), a change made here or in another tab reaches every subscriber, and an entry that cannot be
 * read, or a storage that cannot be used (private mode, full), reads as `empty`.
 */

export interface LocalStore<T> {
  read(): T;
  /** Writes the value, or takes the entry away when `isEmpty` says it holds nothing. */
  write(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createLocalStore<T>({ key, schema, empty, isEmpty }: { key: string; schema: ZodType<T>; empty: T; isEmpty: (value: T) => boolean }): LocalStore<T> {
  const listeners = new Set<() => void>();
  let parsed: { text: string | null; value: T } = { text: null, value: empty };

  const readText = (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const read = (): T => {
    const text = readText();
    if (parsed.text === text) return parsed.value;
    let value = empty;
    try {
      const stored = text ? schema.safeParse(JSON.parse(text)) : null;
      if (stored?.success) value = stored.data;
    } catch {
      // Unreadable: as if nothing were kept.
    }
    parsed = { text, value };
    return value;
  };

  const write = (value: T): void => {
    try {
      if (isEmpty(value)) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Private mode or full storage: the value is not kept, and reads as it was.
    }
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return { read, write, subscribe };
}
