import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { progress } from '../components/feedback/progress-store.ts';
import { reloadForChunkError } from '../lib/chunk-reload.ts';

/**
 * Wraps a page's dynamic import: when the chunk is gone (a new deploy), reload once per minute
 * instead of showing an error (spec: app-core §8 Chunk load failure). Other failures reach the route error boundary.
 */
export async function importPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (reloadForChunkError(error)) return new Promise<T>(() => {});
    throw error;
  }
}

let loadingPages = 0;

/**
 * spec: app-core §2 Layout: the progress bar shows while a page's code downloads. Counted on the
 * download itself: navigations run in a transition, so the current page stays on screen and a
 * Suspense fallback would never appear after the first render.
 */
async function whileLoading<T>(download: Promise<T>): Promise<T> {
  loadingPages += 1;
  progress.setBusy('navigation', true);
  try {
    return await download;
  } finally {
    loadingPages -= 1;
    progress.setBusy('navigation', loadingPages > 0);
  }
}

/** A page whose code downloads the first time it renders: `lazyPage(() => import('…').then((m) => m.Page))`. */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await whileLoading(importPage(load)) }));
}
