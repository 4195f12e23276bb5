/** Where the API document and its pages are served (openapi.ts). */
export const docsPrefix = '/api/docs';

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * A merchant's picture (modules/media): a file of the site the Host header selects, never the
 * app's page.
 */
export function isMediaPath(path: string): boolean {
  return path.startsWith('/media/');
}

/**
 * An API call made for a merchant's site: every /api path but the health check and the API docs.
 * Such a call needs its site (request-context.ts) and counts against the rate limits (rate-limit.ts).
 */
export function isSiteApiCall(url: string): boolean {
  const path = pathOf(url);
  return isApiPath(path) && path !== '/api/health' && path !== docsPrefix && !path.startsWith(`${docsPrefix}/`);
}
