import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { whenIdle } from '../../../lib/deferred-module.ts';
import { useSession } from '../../../lib/session.ts';
import { isPushSupported } from '../browser-push.ts';

function NoPush() {
  return null;
}

// Push waits for the page: its code arrives once the page has loaded and the browser is idle.
const PushLayer = lazy(async (): Promise<{ default: ComponentType }> => {
  await new Promise<void>((resolve) => whenIdle(resolve));
  try {
    return { default: (await import('./push-layer.tsx')).PushLayer };
  } catch (error) {
    // The app works without it (app-core §8: service worker failures are only logged).
    console.warn('Push could not be loaded', error);
    return { default: NoPush };
  }
});

const subscribeToNothing = () => () => {};

/**
 * Web Push for a signed-in member (app-core §2 global modals, §4 notification permission): the
 * service worker, the prompt and the reward modals, mounted once beside the routes. A page the
 * server drew has none of it until it has hydrated.
 */
export function DeferredPush() {
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const { user } = useSession();
  if (!hydrated || user === null || !isPushSupported()) return null;
  return (
    <Suspense fallback={null}>
      <PushLayer />
    </Suspense>
  );
}
