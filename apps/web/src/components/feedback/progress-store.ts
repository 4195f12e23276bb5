import { PROGRESS_BAR_THROTTLE_MS } from '@kartu/core/constants';

type Source = 'navigation' | 'requests';

/**
 * Whether the progress bar shows. It only appears once navigation or requests have been busy
 * for longer than the throttle, so quick answers never flash it (spec: app-core §9: 200 ms).
 */
export function createProgressStore(throttleMs = PROGRESS_BAR_THROTTLE_MS) {
  const busy = new Set<Source>();
  const listeners = new Set<() => void>();
  let visible = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function setVisible(next: boolean): void {
    if (visible === next) return;
    visible = next;
    for (const listener of listeners) listener();
  }

  function update(): void {
    if (busy.size === 0) {
      if (timer) clearTimeout(timer);
      timer = null;
      setVisible(false);
      return;
    }
    if (!visible && !timer) {
      timer = setTimeout(() => {
        timer = null;
        if (busy.size > 0) setVisible(true);
      }, throttleMs);
    }
  }

  return {
    setBusy(source: Source, isBusy: boolean): void {
      if (isBusy) busy.add(source);
      else busy.delete(source);
      update();
    },
    isVisible: () => visible,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ProgressStore = ReturnType<typeof createProgressStore>;

export const progress = createProgressStore();
