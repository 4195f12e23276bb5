import { useSite } from '../../lib/site.tsx';
import { useCards } from './api/get-cards.ts';
import { isSingleCardMode } from './single-card-mode.ts';

/** Whether this member's wallet is in single-card mode; asks for the card count only when it can be. */
export function useSingleCardMode(): boolean {
  const { merchant } = useSite();
  const addCardButton = merchant.homePage.addCardButton;
  const cards = useCards('active', { enabled: !addCardButton });
  const count = cards.data?.pages[0]?.count;
  return count !== undefined && isSingleCardMode({ cardCount: count, addCardButton });
}
