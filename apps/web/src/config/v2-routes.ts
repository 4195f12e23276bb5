import { matchPath } from 'react-router';

/**
 * The named routes that move under /v2 on a v2 merchant (spec: app-core §2 V2 routes),
 * with the v1 path pattern each name stands for.
 */
export const v2RoutePatterns = {
  cards: '/cards',
  egifts: '/egifts',
  'egifts-stacks-egiftId': '/egifts/stacks/:egiftId?',
  'cards-cardId': '/cards/:cardId',
  'cards-cardId-register': '/cards/:cardId/register',
  'cards-cardId-catalogs': '/cards/:cardId/catalogs',
  'cards-cardId-catalogs-shop': '/cards/:cardId/catalogs/shop',
  'cards-cardId-egifts': '/cards/:cardId/egifts',
  'cards-cardId-egifts-stacks-egiftId': '/cards/:cardId/egifts/stacks/:egiftId?',
  'cards-cardId-levels': '/cards/:cardId/levels',
  'cards-cardId-transaction-history': '/cards/:cardId/transaction-history',
  'cards-cardId-profile': '/cards/:cardId/profile',
  'cards-cardId-orders-orderId': '/cards/:cardId/orders/:orderId',
  'cards-cardId-transaction-detail-transactionId': '/cards/:cardId/transaction-detail/:transactionId',
  'cards-cardId-privileges': '/cards/:cardId/privileges',
  'cards-cardId-privileges-privilege-id': '/cards/:cardId/privileges/:privilegeId',
  'cards-cardId-scan-to-earn': '/cards/:cardId/scan-to-earn',
  notifications: '/notifications',
  settings: '/settings',
} as const;

export type V2RouteName = keyof typeof v2RoutePatterns;

export const v2RouteNames = Object.keys(v2RoutePatterns) as V2RouteName[];

/** The v2 name of a v1 pathname, or null when the page has no v2 counterpart. */
export function v2RouteNameOf(pathname: string): V2RouteName | null {
  return v2RouteNames.find((name) => matchPath(v2RoutePatterns[name], pathname) !== null) ?? null;
}
