/** A code seen again within this long of its last sighting is the same scan, not a new one. */
export const REPEAT_WINDOW_MS = 3_000;

/**
 * Tells a new scan from the same code still in front of the camera: a text is reported once, then
 * again only after it has been out of sight for the window. Every sighting renews the window, so a
 * code left in view is not sent again every few seconds (each unrecognised one costs an attempt).
 */
export function createRepeatFilter(windowMs = REPEAT_WINDOW_MS) {
  let last: { text: string; at: number } | null = null;
  return {
    /** Whether this sighting is a new scan to report; it is remembered either way. */
    isNew(text: string, now: number): boolean {
      const repeated = last !== null && last.text === text && now - last.at < windowMs;
      last = { text, at: now };
      return !repeated;
    },
    /** While the scanner is paused nothing is read: the code last seen counts as still in view. */
    hold(now: number): void {
      if (last) last = { text: last.text, at: now };
    },
  };
}
