import type { CardSubscription } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { hasNoBenefits, subscriptionStatusAt } from './subscription-state.ts';
import { findSubscriptionOfCard } from './subscriptions.repository.ts';

/**
 * What a subscription program's card detail says of its subscription (spec: app-core §3): a card
 * whose member never paid, or whose period ran out, is expired and its menus stay closed.
 */
export async function getCardSubscription({ db, merchantId, cardId, now }: { db: Database; merchantId: number; cardId: string; now: Date }): Promise<CardSubscription> {
  const row = await findSubscriptionOfCard(db, { merchantId, cardId });
  if (!row) return { isExpired: true, status: 'inactive', endsAt: null };
  const status = subscriptionStatusAt(row, now);
  return { isExpired: hasNoBenefits(status), status, endsAt: row.periodEndsAt?.toISOString() ?? null };
}
