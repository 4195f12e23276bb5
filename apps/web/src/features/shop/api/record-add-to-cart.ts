import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/v2/events: tells the server the member put a product in the card's cart, for the
 * merchant's reports. The cart never waits for it, and a failure changes nothing the member sees.
 */
export function recordAddToCart({ cardId, productId, quantity }: { cardId: string; productId: string; quantity: number }): void {
  api.post<null>('/api/v2/events', { body: { name: 'add_to_cart', cardId, productId, quantity } }).catch(() => {
    // A lost report is not the member's problem.
  });
}
