import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { pushCardIdPattern, pushKindsThatMoveCards } from '@kartu/contracts';
import { paths, v2PathOf } from '../../config/paths.ts';
import { cardKeys } from '../../lib/card-keys.ts';
import { inboxKeys } from '../../lib/inbox-keys.ts';
import { routeOfPush } from './api/route-of-push.ts';
import type { PushNotice } from './push-notice.ts';

/**
 * The page a push leads to: a store rating's transaction (app-core §4), else the message's page,
 * else the page its routeName names (app-core §7 api/push/route), else the inbox, where every
 * pushed message is.
 */
export async function destinationOf(notice: PushNotice): Promise<string> {
  try {
    if (notice.StoreRating) return await routeOfPush({ routeName: 'detailTransaction', transactionId: notice.StoreRating.transactionId });
    if (notice.link) return notice.link;
    if (notice.queryString) return await routeOfPush(notice.queryString);
  } catch (error) {
    console.warn('The page of a push could not be found', error);
  }
  return paths.notifications.href();
}

function cardOfPage(pathname: string): string | null {
  for (const pattern of [paths.cardDetail.path, v2PathOf(paths.cardDetail.path)]) {
    const cardId = matchPath({ path: pattern, end: false }, pathname)?.params.cardId;
    if (cardId && pushCardIdPattern.test(cardId)) return cardId;
  }
  return null;
}

const isCardList = (pathname: string) => [paths.cards.path, v2PathOf(paths.cards.path)].some((pattern) => matchPath(pattern, pathname) !== null);

/**
 * What a push changes on the page the member is on (app-core §4 push kinds): the inbox's badge
 * always; after a level-up or a commission, the card on a card's page, or the list on the card list.
 */
export function reloadAfterPush(queryClient: QueryClient, notice: PushNotice, pathname: string): void {
  void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  if (notice.kind === null || !pushKindsThatMoveCards.includes(notice.kind)) return;
  const cardId = cardOfPage(pathname);
  if (cardId) void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) });
  else if (isCardList(pathname)) void queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
}
