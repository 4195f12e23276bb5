import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function NoFeedback() {
  return null;
}

// Toasts and the progress state wait in their stores, so this code can arrive after the first paint.
const FeedbackLayer = lazy(async (): Promise<{ default: ComponentType }> => {
  await afterFirstPaint();
  try {
    return { default: (await import('./feedback-layer.tsx')).FeedbackLayer };
  } catch {
    // The app works without it; only the toasts and the bar are missing until the next load.
    return { default: NoFeedback };
  }
});

const subscribeToNothing = () => () => {};

/**
 * The toaster and the progress bar, mounted once beside the router, downloaded after the first
 * paint. A page the server rendered has none of it: it joins once the page has hydrated.
 */
export function DeferredFeedback() {
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackLayer />
    </Suspense>
  );
}
