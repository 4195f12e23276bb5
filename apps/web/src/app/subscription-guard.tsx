import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { paths, v2PathOf } from '../config/paths.ts';
import { useCard } from '../lib/card-detail.ts';
import { requireActiveSubscription } from './guards/card-guards.ts';

/**
 * The card sub-pages a subscription gates: while the card loads nothing shows (the page would read
 * the same answer), then an expired subscription goes to the card page, in the v2 tree on /v2.
 */
export function ActiveSubscriptionGuard() {
  const { cardId = '' } = useParams();
  const { pathname } = useLocation();
  const { data: card, isError } = useCard(cardId);
  // The page itself shows why the card could not be loaded.
  if (isError) return <Outlet />;
  if (!card) return null;
  const to = requireActiveSubscription(card, cardId);
  if (!to) return <Outlet />;
  return <Navigate to={pathname.startsWith(`${paths.v2.path}/`) ? v2PathOf(to) : to} replace />;
}
