import { CHUNK_RELOAD_GUARD_MS } from '@kartu/core/constants';
import { storageKeys } from '../config/storage-keys.ts';

// Messages browsers give when a lazily loaded chunk is gone, usually after a new deploy.
const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return chunkErrorPatterns.some((pattern) => pattern.test(message));
}

/** spec: app-core §8: a chunk load failure reloads the page, at most once per 60 s. */
export function mayReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

/** Reloads when allowed and remembers when; answers whether it did. */
export function reloadForChunkError(error: unknown, deps?: Partial<ReloadDeps>): boolean {
  if (!isChunkLoadError(error)) return false;
  const storage = deps?.storage ?? sessionStorage;
  const now = (deps?.now ?? Date.now)();
  const stored = Number(storage.getItem(storageKeys.chunkReloadAt));
  const lastReloadAt = Number.isFinite(stored) && stored > 0 ? stored : null;
  if (!mayReloadForChunkError(now, lastReloadAt)) return false;
  storage.setItem(storageKeys.chunkReloadAt, String(now));
  (deps?.reload ?? (() => window.location.reload()))();
  return true;
}
