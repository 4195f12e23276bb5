import type { PromoAnswer } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import type { PromotionRow } from './orders.table.ts';

/*
 * Promo codes at checkout (docs/decisions/023-orders.md; business-rules §5: a promo applies only to
 * physical items, and only once they reach its minimum transaction). A discount is taken off the
 * physical items' points and money before the points are spent and the fees worked out.
 */

export interface AppliedPromo {
  answer: PromoAnswer;
  discountPoints: bigint;
  discountMinor: bigint;
}

/** Codes as members type them: any case, spaces around; stored in capitals. */
export function promoCodeOf(text: string): string {
  return text.trim().toUpperCase();
}

function share(amount: bigint, basisPoints: bigint): bigint {
  return (amount * basisPoints) / 10_000n;
}

/** What `promo` takes off physical items worth `physical`, or why it takes nothing. */
export function applyPromotion(promo: PromotionRow | undefined, code: string, physical: { points: bigint; money: bigint }, now: Date): AppliedPromo {
  const minimum = { points: promo?.minimumPoints == null ? null : toJsonNumber(promo.minimumPoints), money: promo?.minimumMinor == null ? null : toJsonNumber(promo.minimumMinor) };
  const refused = (problem: NonNullable<PromoAnswer['problem']>): AppliedPromo => ({ answer: { code, minimum, discount: null, problem }, discountPoints: 0n, discountMinor: 0n });
  if (!promo || !promo.isActive) return refused('not_found');
  if ((promo.startsAt && promo.startsAt > now) || (promo.endsAt && promo.endsAt <= now)) return refused('ended');
  if (physical.points === 0n && physical.money === 0n) return refused('physical_only');
  const belowPoints = promo.minimumPoints !== null && physical.points < promo.minimumPoints;
  const belowMoney = promo.minimumMinor !== null && physical.money < promo.minimumMinor;
  if (belowPoints || belowMoney) return refused('minimum_not_met');
  const discountPoints = promo.kind === 'percent' ? share(physical.points, promo.value) : promo.kind === 'points' ? (promo.value < physical.points ? promo.value : physical.points) : 0n;
  const discountMinor = promo.kind === 'percent' ? share(physical.money, promo.value) : promo.kind === 'money' ? (promo.value < physical.money ? promo.value : physical.money) : 0n;
  return { answer: { code: promo.code, minimum, discount: { code: promo.code, points: toJsonNumber(discountPoints), money: toJsonNumber(discountMinor) }, problem: null }, discountPoints, discountMinor };
}

const refusals: Record<NonNullable<PromoAnswer['problem']>, string> = {
  not_found: 'This promo code does not exist',
  ended: 'This promotion has ended',
  physical_only: 'This promo applies to physical items only',
  minimum_not_met: 'Your order does not reach the minimum transaction for this promo',
};

/** The refusal of an order whose promo code does not apply, in the words the app shows. */
export function promoRefusal(answer: PromoAnswer): AppError {
  const problem = answer.problem ?? 'not_found';
  return new AppError('PROMO_NOT_APPLICABLE', { message: refusals[problem], details: [{ field: 'body.promoCode', rule: problem, message: refusals[problem] }] });
}
