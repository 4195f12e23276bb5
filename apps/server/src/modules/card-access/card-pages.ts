/**
 * The app's page of a card (the web app's `paths.cardDetail`), where the pages about the card begin:
 * links the server hands the member (an inbox message, a payment's page) start here.
 */
export function cardPagePath(cardId: string): string {
  return `/cards/${encodeURIComponent(cardId)}`;
}
