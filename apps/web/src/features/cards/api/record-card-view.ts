import { api } from '../../../lib/api-client.ts';
import { trackVendorEvent } from '../../../lib/analytics-vendors.ts';

/**
 * POST /api/v2/events `view_card_detail`: the member opened the card's page, for the merchant's
 * reports (and its analytics vendors, when the member agreed). Nothing waits for it.
 */
export function recordCardView(cardId: string): void {
  trackVendorEvent('view_card_detail', { card_id: cardId });
  api.post<null>('/api/v2/events', { body: { name: 'view_card_detail', cardId } }).catch(() => {
    // A lost report is not the member's problem.
  });
}
