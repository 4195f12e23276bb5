import { useMemo } from 'react';
import type { BalanceUnit, Currency, Privilege } from '@kartu/contracts';
import { formatCurrency, formatNumber } from '@kartu/core';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSite } from '../../lib/site.tsx';
import { useDates } from '../../lib/use-dates.ts';

/**
 * A perk's state as the member reads it: an answered survey is 'in review' until the merchant
 * approves the answer (a rejected one makes the perk available again).
 */
export type ShownPrivilegeState = 'available' | 'claimed' | 'inReview' | 'approved' | 'locked' | 'inactive' | 'ended';

export function shownStateOf(privilege: Pick<Privilege, 'state' | 'latestAnswer'>): ShownPrivilegeState {
  if (privilege.state !== 'answered') return privilege.state;
  return privilege.latestAnswer?.state === 'approved' ? 'approved' : 'inReview';
}

export const toneOfState: Record<ShownPrivilegeState, BadgeTone> = {
  available: 'brand',
  claimed: 'success',
  inReview: 'neutral',
  approved: 'success',
  locked: 'neutral',
  inactive: 'neutral',
  ended: 'neutral',
};

export interface PrivilegeWords {
  /** 'Available', 'Answer in review', 'Ended'. */
  state: string;
  /** '2 × Free Kopi voucher', '100 points once your answer is approved'; null for a survey that gives nothing. */
  gives: string | null;
  /** 'Ends Dec 31, 2026', 'Ended on …'; null without an end. */
  when: string | null;
  /** The first day, and the last one (null without an end). */
  startDay: string;
  lastDay: string | null;
}

/**
 * The perk's last day. The server keeps the end as the first moment the perk is over: a millisecond
 * before it is the last day the member may take it.
 */
const lastMomentOf = (endsAt: string) => new Date(Date.parse(endsAt) - 1).toISOString();

/** A bare number before the catalogue's words for points and stamps; money in the merchant's currency. */
function sentenceAmount(amount: number, unit: BalanceUnit, currency: Currency): string {
  return unit === 'CASH' ? formatCurrency(amount, currency) : formatNumber(amount, { thousandSeparator: currency.thousandSeparator });
}

/** A perk's facts as the app writes amounts and days. */
export function usePrivilegeWords() {
  const { t } = useTranslation('privileges');
  const { currency } = useSite().merchant;
  const dates = useDates();

  return useMemo(() => {
    /** The points a survey adds once approved, on their own: '100 points'. */
    const points = (amount: number, unit: BalanceUnit) => t('points', { context: unit, count: amount, amount: sentenceAmount(amount, unit, currency) });

    const gives = (privilege: Privilege): string | null => {
      if (privilege.voucher) return t('gives.voucher', { count: privilege.voucher.quantity, name: privilege.voucher.name });
      if (privilege.rewardPoints === null) return null;
      return t('gives.points', { points: points(privilege.rewardPoints, privilege.unit) });
    };

    const privilege = (shown: Privilege): PrivilegeWords => {
      const lastDay = shown.endsAt === null ? null : dates.day(lastMomentOf(shown.endsAt));
      return {
        state: t(`state.${shownStateOf(shown)}`),
        gives: gives(shown),
        when: lastDay === null ? null : t(shown.state === 'ended' ? 'when.ended' : 'when.ends', { date: lastDay }),
        startDay: dates.day(shown.startsAt),
        lastDay,
      };
    };

    return { privilege, gives, points };
  }, [t, currency, dates]);
}
