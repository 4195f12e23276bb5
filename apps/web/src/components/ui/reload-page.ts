/** Loads the current page again from the server; its own module so tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}
