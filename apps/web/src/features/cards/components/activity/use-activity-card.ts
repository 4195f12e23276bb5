import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { CardDetail } from '@kartu/contracts';
import { paths } from '../../../../config/paths.ts';
import { useCard } from '../../api/get-card.ts';
import { cardMenuPages, type CardMenuPage } from '../../card-menu-items.ts';

export type ActivityCard = {
  card: CardDetail | undefined;
  /** The card is loaded and opens this page. */
  ready: boolean;
  /** A first load that failed (a failed refetch keeps the card on screen). */
  loadError: unknown;
};

/**
 * The card an activity page belongs to. A card without the page's visual attribute sends the
 * member back to the card (spec: app-core §2 Guards: a sub-page needing a missing attribute).
 */
export function useActivityCard(cardId: string, page: CardMenuPage): ActivityCard {
  const navigate = useNavigate();
  const query = useCard(cardId);
  const card = query.data;
  const closed = card !== undefined && card.visualAttributes[cardMenuPages[page]] !== true;

  useEffect(() => {
    if (closed) void navigate(paths.cardDetail.href({ cardId }), { replace: true });
  }, [closed, cardId, navigate]);

  return {
    card,
    ready: card !== undefined && !closed,
    loadError: query.isError && card === undefined ? query.error : null,
  };
}
