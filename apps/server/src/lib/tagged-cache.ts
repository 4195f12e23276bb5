import { everyTag, onChanges } from './change-feed.ts';

/**
 * A short-lived, in-process cache whose entries carry tags naming the rows they were made from
 * (`card:<id>`, `user:<id>`, …). A change published with one of those tags (lib/change-feed.ts)
 * drops the entry at once; otherwise it lives until `validUntil`, which bounds how late changes
 * made by other processes show. Times are the app clock's milliseconds, so tests move them.
 *
 * A value read from the database while a change is being committed may be older than the change.
 * So a reader takes a ticket before it reads, and `set` keeps nothing read before a change to one
 * of the entry's tags was published.
 */
export class TaggedCache<V> {
  readonly #entries = new Map<string, { value: V; tags: readonly string[]; validUntil: number }>();
  readonly #keysOfTag = new Map<string, Set<string>>();
  /** The ticket at which each tag last changed, for `set` to refuse values read before it. */
  readonly #changedAt = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #unsubscribe: () => void;
  #ticket = 0;
  /** Tickets before this one are refused outright: their tags' changes may have been forgotten. */
  #oldestTrusted = 0;

  constructor({ maxEntries }: { maxEntries: number }) {
    this.#maxEntries = maxEntries;
    this.#unsubscribe = onChanges((tags) => this.drop(tags));
  }

  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.validUntil > now) return entry.value;
    this.#delete(key);
    return undefined;
  }

  /** To take before reading what will be cached. */
  ticket(): number {
    return this.#ticket;
  }

  /** Keeps `value` unless one of its tags changed since `ticket` was taken. */
  set(key: string, value: V, { tags, validUntil, ticket }: { tags: readonly string[]; validUntil: number; ticket: number }): void {
    if (ticket < this.#oldestTrusted) return;
    if (tags.some((tag) => (this.#changedAt.get(tag) ?? -1) >= ticket)) return;
    if (this.#entries.size >= this.#maxEntries) this.clear();
    this.#delete(key);
    this.#entries.set(key, { value, tags, validUntil });
    for (const tag of tags) {
      let keys = this.#keysOfTag.get(tag);
      if (!keys) this.#keysOfTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  drop(tags: readonly string[]): void {
    const ticket = this.#ticket;
    this.#ticket += 1;
    if (tags.includes(everyTag)) {
      this.clear();
      this.#oldestTrusted = this.#ticket;
      return;
    }
    // Remembering every changed tag forever would grow without end: past a bound, forget them all
    // and refuse whatever readers started before.
    if (this.#changedAt.size >= this.#maxEntries * 4) {
      this.#changedAt.clear();
      this.#oldestTrusted = this.#ticket;
    }
    for (const tag of tags) {
      this.#changedAt.set(tag, ticket);
      for (const key of this.#keysOfTag.get(tag) ?? []) this.#delete(key);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#keysOfTag.clear();
  }

  close(): void {
    this.#unsubscribe();
    this.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#keysOfTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysOfTag.delete(tag);
    }
  }
}
