import { useEffect } from 'react';

/** The user timing set when the app first runs its page; bench/web.mjs reads it from the trace. */
export const APP_READY_MARK = 'kartu:app-ready';

/**
 * Marks the document once the app runs its page (rendered, or hydrated when the server drew it):
 * until then a server-drawn page shows but does not answer, and browser tests wait for the mark
 * before they act. Render it beside the routes, inside their Suspense boundary, so it marks the
 * page only when that boundary has hydrated too. The moment is also a user timing.
 */
export function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    performance.mark(APP_READY_MARK);
  }, []);
  return null;
}
