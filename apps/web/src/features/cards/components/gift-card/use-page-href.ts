import { useLocation } from 'react-router';
import { paths, v2PathOf } from '../../../../config/paths.ts';

/**
 * Links between a gift card's pages stay in the tree the member is in: under /v2 on a v2 page. The
 * payment page is not one of the names the v2 move redirects (spec: app-core §2 V2 routes).
 */
export function usePageHref(): (href: string) => string {
  const { pathname } = useLocation();
  const inV2 = pathname.startsWith(`${paths.v2.path}/`);
  return (href) => (inV2 ? v2PathOf(href) : href);
}

/** The page of one payment made with the gift card, under the card. */
export function giftCardPaymentHref(cardId: string, chargeId: string): string {
  return paths.cardTransactionEgiftDetail.href({ cardId, transactionId: chargeId });
}
