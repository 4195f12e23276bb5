import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import type { CardDetail, FeatureKey } from '@kartu/contracts';
import { paths, v2PathOf } from '../config/paths.ts';
import { useCard } from '../lib/card-detail.ts';
import { useFeatureEligibilities } from '../lib/feature-eligibilities.ts';
import { featureGuard } from './guards/feature-guard.ts';
import { requireActiveSubscription, requireShop } from './guards/card-guards.ts';
import type { GuardRedirect } from './guards/guard-types.ts';

/**
 * A card's pages that a rule of the card closes: while the card loads nothing shows (the page would
 * read the same answer), then a card the rule refuses goes where the rule says.
 */
function CardRuleGuard({ rule }: { rule: (card: CardDetail, cardId: string) => GuardRedirect }) {
  const { cardId = '' } = useParams();
  const { data: card, isError } = useCard(cardId);
  // The page itself shows why the card could not be loaded.
  if (isError) return <Outlet />;
  if (!card) return null;
  const to = rule(card, cardId);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

/** The card sub-pages a subscription gates: an expired one goes to the card page, in the v2 tree on /v2. */
export function ActiveSubscriptionGuard() {
  const { pathname } = useLocation();
  const v2 = pathname.startsWith(`${paths.v2.path}/`);
  return (
    <CardRuleGuard
      rule={(card, cardId) => {
        const to = requireActiveSubscription(card, cardId);
        return to && v2 ? v2PathOf(to) : to;
      }}
    />
  );
}

/** The shop's catalog, cart and checkout, open only on a card whose program shows the shop. */
export function ShopGuard() {
  return <CardRuleGuard rule={requireShop} />;
}

/**
 * Named guard `featureAccess` (spec: app-core §2 Guards): a page flagged with a feature the merchant
 * keeps locked for the member goes to /feature-locked; nothing shows while the list loads.
 */
export function FeatureGuard({ feature }: { feature: FeatureKey }) {
  const { data: eligibilities } = useFeatureEligibilities();
  if (!eligibilities) return null;
  const to = featureGuard(feature, eligibilities);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}
