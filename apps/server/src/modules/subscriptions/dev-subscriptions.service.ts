import type { Subscription } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findSubscriptionOfCard, updateSubscription } from './subscriptions.repository.ts';
import { hasNoBenefits, subscriptionStatusAt } from './membership-state.ts';

/**
 * Development only: moves a card's paid period into the past so that it ended a second ago, as if
 * the clock had run to its end (grace included). Lets a tester see an expired subscription now.
 */
export async function endSubscriptionPeriodNow({ db, merchantId, cardId, now }: { db: Database; merchantId: number; cardId: string; now: Date }): Promise<Pick<Subscription, 'status' | 'isExpired' | 'endsAt'>> {
  return db.transaction(async (tx) => {
    const row = await findSubscriptionOfCard(tx, { merchantId, cardId });
    if (!row || row.periodStartsAt === null || row.periodEndsAt === null) throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
    const shift = row.periodEndsAt.getTime() - (now.getTime() - 1000);
    const moved = await updateSubscription(tx, row.id, {
      periodStartsAt: new Date(row.periodStartsAt.getTime() - shift),
      periodEndsAt: new Date(row.periodEndsAt.getTime() - shift),
      lastBilledAt: row.lastBilledAt && new Date(row.lastBilledAt.getTime() - shift),
      graceUntil: null,
      updatedAt: now,
    });
    const status = subscriptionStatusAt(moved, now);
    return { status, isExpired: hasNoBenefits(status), endsAt: moved.periodEndsAt?.toISOString() ?? null };
  });
}
