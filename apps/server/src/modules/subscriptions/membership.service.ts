import type { CardSubscription } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import { hasNoBenefits, subscriptionStatusAt } from './membership-state.ts';
import { findMembershipOfCard } from './subscriptions.repository.ts';

/**
 * What a subscription program's card detail says of its subscription (spec: app-core §3): a card
 * whose member never paid, or whose period ran out, is expired and its menus stay closed.
 */
export async function getCardSubscription({ db, merchantId, cardId, now }: { db: Database; merchantId: number; cardId: string; now: Date }): Promise<CardSubscription> {
  const row = await findMembershipOfCard(db, { merchantId, cardId });
  if (!row) return { isExpired: true, status: 'inactive', endsAt: null };
  const status = subscriptionStatusAt(row, now);
  return { isExpired: hasNoBenefits(status), status, endsAt: row.periodEndsAt?.toISOString() ?? null };
}

/**
 * spec: app-core §2 Guards, business-rules §4: a membership card whose subscription has ended (or
 * was never paid) keeps its member out until it is renewed. The app sends the member to the card's
 * page; this holds the server to the same for every write on the card that uses what it holds (a
 * transfer, a reward, a voucher at the counter, a gift sent or received) with 409
 * SUBSCRIPTION_NOT_ACTIVE. Cards of other programs pass.
 */
export async function assertMembershipActive({ db, merchantId, card, now }: { db: Database; merchantId: number; card: { id: string; programId: string }; now: Date }): Promise<void> {
  const { program } = await getProgram({ db, merchantId, programId: card.programId });
  if (program.type !== 'subscription') return;
  if ((await getCardSubscription({ db, merchantId, cardId: card.id, now })).isExpired) {
    throw new AppError('SUBSCRIPTION_NOT_ACTIVE', { message: 'This membership has ended: renew it to use the card again' });
  }
}
