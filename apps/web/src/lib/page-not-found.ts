/**
 * Thrown while rendering a page whose subject does not exist (e.g. a card that failed to load
 * with 404); the route error boundary answers with the 404 page showing `message`
 * (spec: app-core §8: 'Card not found', 'Page not found').
 */
export class PageNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageNotFoundError';
  }
}
