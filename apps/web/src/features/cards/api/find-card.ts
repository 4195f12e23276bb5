import { useMutation } from '@tanstack/react-query';
import { cardPreviewSchema, type CardPreview } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/v2/cards/find-by-number/{number} → the card's brand and program before adding it.
 * A mutation, not a query: every wrong number counts toward the 24-hour add-card lock, so it is
 * sent only when the member asks, never retried or refetched on its own.
 */
export function findCard(cardNumber: string): Promise<CardPreview> {
  return api.get(`/api/v2/cards/find-by-number/${encodeURIComponent(cardNumber)}`, { schema: cardPreviewSchema });
}

export function useFindCard() {
  return useMutation({ mutationFn: findCard });
}
