import type { SubscriptionStatus } from '@kartu/contracts';

export interface MembershipFields {
  status: SubscriptionStatus;
  periodEndsAt: Date | null;
  graceUntil: Date | null;
}

/**
 * The status that holds at `now` (decision 018): the stored one, moved on by the clock. An active
 * period runs to its end, or to the end of its grace after a failed renewal; a cancelled one keeps
 * its benefits to the end and then has ended.
 */
export function subscriptionStatusAt(subscription: MembershipFields, now: Date): SubscriptionStatus {
  const { status, periodEndsAt, graceUntil } = subscription;
  const time = now.getTime();
  if (status === 'active') {
    const lastsUntil = Math.max(periodEndsAt?.getTime() ?? 0, graceUntil?.getTime() ?? 0);
    return time < lastsUntil ? 'active' : 'expired';
  }
  if (status === 'cancelled') return periodEndsAt && time < periodEndsAt.getTime() ? 'cancelled' : 'ended';
  return status;
}

/** Whether the card's menus stay closed: no paid period holds now. */
export function hasNoBenefits(status: SubscriptionStatus): boolean {
  return status === 'inactive' || status === 'expired' || status === 'ended';
}
