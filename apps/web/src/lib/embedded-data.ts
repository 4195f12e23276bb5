/**
 * What the server wrote into the page for the app's first render (the site state, the answers
 * of a page's first calls, its translation catalogues): the JSON of the
 * `<script type="application/json">` with that id, or null when it is absent or unreadable (the
 * app then asks the server, as it would without it).
 */
export function embeddedData(id: string): unknown {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
