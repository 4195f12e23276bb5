import { afterCommit } from '../db/after-commit.ts';
import type { Database } from '../db/database.ts';

/**
 * Tells caches that rows they keep have changed, so they drop them at once instead of when they time
 * out. A notice names what changed as tags such as `api-key:<id>`; the writer publishes after its
 * change is committed. A relay (lib/change-relay.ts) carries every notice to the other processes
 * (instances, the operator CLI) over Redis or PostgreSQL; while it is down, their changes reach a
 * cache when its entries time out, which is why every such cache keeps rows for seconds only.
 */
export type ChangeListener = (tags: readonly string[]) => void;

/** Carries this process's changes to the others. */
export interface ChangeRelay {
  publish(tags: readonly string[]): void;
}

/** Stands for every tag: caches drop everything (after a relay outage, in which changes may have been missed). */
export const everyTag = '*';

const listeners = new Set<ChangeListener>();
let relay: ChangeRelay | null = null;

/** Calls `listener` with the tags of every change published from now on; the answer unsubscribes. */
export function onChanges(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Carries every change published from now on to the other processes too; null stops that. */
export function setChangeRelay(next: ChangeRelay | null): void {
  relay = next;
}

/** Changes made in this process: told to its caches and to the other processes. */
export function publishChanges(tags: readonly string[]): void {
  if (tags.length === 0) return;
  receiveChanges(tags);
  relay?.publish(tags);
}

/** Changes another process made: told to this process's caches only. */
export function receiveChanges(tags: readonly string[]): void {
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
  /** A merchant's settings, as every site of it shows them. */
  merchant: (id: number) => `merchant:${id}`,
  /** A program's terms: its earning rate, expiry and offers. */
  program: (id: string) => `program:${id}`,
  /** A program's catalog: its categories, products, prices and stock. */
  catalog: (programId: string) => `catalog:${programId}`,
};

/** Publishes `tags` once the transaction of `db` commits (at once outside one). */
export function publishAfterCommit(db: Database, tags: readonly string[]): void {
  afterCommit(db, () => publishChanges(tags));
}
