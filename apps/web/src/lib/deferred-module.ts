/**
 * Code a page does not need to show itself, fetched once it is idle or as soon as the member
 * reaches for it (the first focus or keystroke), whichever comes first.
 */
export interface DeferredModule<T> {
  /** The module, fetched on the first call; a failed fetch is tried again on the next. */
  load(): Promise<T>;
  /** The module once it has arrived, for work that cannot wait (checks on each keystroke). */
  loaded(): T | null;
}

export function deferredModule<T>(loader: () => Promise<T>): DeferredModule<T> {
  let pending: Promise<T> | null = null;
  let module: T | null = null;
  return {
    load() {
      pending ??= loader().then(
        (loadedModule) => (module = loadedModule),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

/**
 * Runs `work` once the page has loaded (its images and preloads done) and the main thread is
 * idle, so it never competes with what the page paints first. Answers a function that cancels it.
 */
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | null = null;
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(work, { timeout: 3000 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(work, 200);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  // After the next frame: the page has painted what it shows before anything more downloads.
  const afterPaint = () => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(idle, 0)) : setTimeout(idle, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterPaint);
    cancelIdle?.();
  };
}
