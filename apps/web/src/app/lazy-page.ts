import { reloadForChunkError } from '../lib/chunk-reload.ts';

/**
 * Wraps a route's dynamic import: when the chunk is gone (a new deploy), reload once per minute
 * instead of showing an error (spec: app-core §8 Chunk load failure). Other failures reach the errorElement.
 */
export async function importPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (reloadForChunkError(error)) return new Promise<T>(() => {});
    throw error;
  }
}
