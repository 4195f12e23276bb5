/** Leaves the app for another site; its own module so tests can observe it. */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
