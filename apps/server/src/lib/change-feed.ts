import { afterCommit } from '../db/after-commit.ts';
import type { Database } from '../db/database.ts';

/**
 * Notices, within this process, that rows some cache keeps have changed, so the cache drops them
 * at once instead of when they time out. A notice names what changed as tags such as
 * `api-key:<id>`; the writer publishes after its change is committed. Other processes (another
 * instance, the operator CLI) do not hear these: their changes reach the caches when the cached
 * rows time out, which is why every such cache keeps rows for seconds only.
 */
export type ChangeListener = (tags: readonly string[]) => void;

const listeners = new Set<ChangeListener>();

/** Calls `listener` with the tags of every change published from now on; the answer unsubscribes. */
export function onChanges(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishChanges(tags: readonly string[]): void {
  if (tags.length === 0) return;
  for (const listener of listeners) listener(tags);
}

export const changeTags = {
  apiKey: (id: string) => `api-key:${id}`,
  /** A card's row, or its wallet's balance. */
  card: (id: string) => `card:${id}`,
  /** Which cards a member holds. */
  wallet: (userId: string) => `wallet:${userId}`,
  session: (id: string) => `session:${id}`,
  /** A user's row, or all of their sessions at once. */
  user: (id: string) => `user:${id}`,
};

/** Publishes `tags` once the transaction of `db` commits (at once outside one). */
export function publishAfterCommit(db: Database, tags: readonly string[]): void {
  afterCommit(db, () => publishChanges(tags));
}
