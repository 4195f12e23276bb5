import { matchRoutes } from 'react-router';
import { paths } from './paths.ts';

/**
 * The named routes that move under /v2 on a v2 merchant (spec: app-core §2 V2 routes),
 * with the v1 page each name stands for.
 */
export const v2RoutePatterns = {
  cards: paths.cards.path,
  egifts: paths.egifts.path,
  'egifts-stacks-egiftId': paths.egiftStack.path,
  'cards-cardId': paths.cardDetail.path,
  'cards-cardId-register': paths.cardRegister.path,
  'cards-cardId-catalogs': paths.cardCatalogs.path,
  'cards-cardId-catalogs-shop': paths.cardShop.path,
  'cards-cardId-egifts': paths.cardEgifts.path,
  'cards-cardId-egifts-stacks-egiftId': paths.cardEgiftStack.path,
  'cards-cardId-levels': paths.cardLevels.path,
  'cards-cardId-transaction-history': paths.cardTransactionHistory.path,
  'cards-cardId-profile': paths.cardProfile.path,
  'cards-cardId-orders-orderId': paths.cardOrder.path,
  'cards-cardId-transaction-detail-transactionId': paths.cardTransactionDetail.path,
  'cards-cardId-privileges': paths.cardPrivileges.path,
  'cards-cardId-privileges-privilege-id': paths.cardPrivilege.path,
  'cards-cardId-scan-to-earn': paths.cardScanToEarn.path,
  notifications: paths.notifications.path,
  settings: paths.settings.path,
} as const;

export type V2RouteName = keyof typeof v2RoutePatterns;

export const v2RouteNames = Object.keys(v2RoutePatterns) as V2RouteName[];

// Every page's pattern, so a pathname is read as the router reads it: a literal segment wins
// over a parameter (`/cards/add-card` is the add-card page, not a card whose id is "add-card").
const allRoutes = Object.values(paths).map((route) => ({ path: route.path }));

/** The v2 name of a v1 pathname, or null when the page it shows has no v2 counterpart. */
export function v2RouteNameOf(pathname: string): V2RouteName | null {
  const shown = matchRoutes(allRoutes, pathname)?.[0]?.route.path;
  return shown === undefined ? null : (v2RouteNames.find((name) => v2RoutePatterns[name] === shown) ?? null);
}
