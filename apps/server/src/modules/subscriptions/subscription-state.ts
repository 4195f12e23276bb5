import type { SubscriptionStatus } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core/calendar';
import { subscriptionStatusAt, type MembershipFields } from './membership-state.ts';


/** How long benefits stay after an automatic renewal failed, while the member fixes their card. */
export const RENEWAL_GRACE_MS = 3 * DAY_MS;
/** How long before the end of a period its automatic renewal is charged. */
export const RENEWAL_LEAD_MS = DAY_MS;
/** A failed automatic renewal is tried again this long after, while the grace lasts. */
export const RENEWAL_RETRY_MS = DAY_MS;

type StateFields = MembershipFields;

/**
 * Whether its automatic renewal failed and the grace runs: the benefits stay while the member fixes
 * their card or pays the renewal by another method.
 */
export function isInGrace(subscription: StateFields, now: Date): boolean {
  return subscription.graceUntil !== null && subscriptionStatusAt(subscription, now) === 'active';
}

/**
 * A subscription that ran out, or was cancelled, can be paid for again; so can one whose automatic
 * renewal failed, by any method (spec business-rules §2 change payment), while its grace runs.
 */
export function isRenewable(status: SubscriptionStatus, inGrace = false): boolean {
  return status === 'expired' || status === 'ended' || status === 'cancelled' || (status === 'active' && inGrace);
}

/** The same instant `months` calendar months later, the day kept where the month has it (31 Jan + 1 → 28/29 Feb). */
export function addMonths(instant: Date, months: number): Date {
  const result = new Date(instant.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The period a payment made at `now` buys: from the end of the current one while it still runs
 * (paying early loses nothing), else from now.
 */
export function nextPeriod(subscription: Pick<MembershipFields, 'periodEndsAt'>, durationMonths: number, now: Date): { startsAt: Date; endsAt: Date } {
  const current = subscription.periodEndsAt;
  const startsAt = current && current.getTime() > now.getTime() ? current : now;
  return { startsAt, endsAt: addMonths(startsAt, durationMonths) };
}
