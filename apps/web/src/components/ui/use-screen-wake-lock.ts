import { useEffect } from 'react';

/**
 * Keeps the screen on while the calling component is mounted, where the browser has the Screen
 * Wake Lock API: a code a cashier scans must not dim away while the phone is handed over. The
 * browser drops the lock whenever the page is hidden, so it is asked for again when the page comes
 * back. Without the API, or when the browser refuses (battery saver), nothing happens.
 */
export function useScreenWakeLock(): void {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;

    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const acquired = await navigator.wakeLock.request('screen');
        if (stopped) await acquired.release();
        else lock = acquired;
      } catch {
        // Refused (battery saver, a page without focus): the code still shows, the screen may dim.
      }
    };
    const onVisibilityChange = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      lock?.release().catch(() => undefined);
      lock = null;
    };
  }, []);
}
