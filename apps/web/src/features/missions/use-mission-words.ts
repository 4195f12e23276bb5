import { useMemo } from 'react';
import type { BalanceUnit, Currency, Mission, MissionTask } from '@kartu/contracts';
import { formatCurrency, formatNumber } from '@kartu/core';
import { formatAmount } from '../../components/ui/amount.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSite } from '../../lib/site.tsx';
import { useDates } from '../../lib/use-dates.ts';

export interface MissionWords {
  /** '2 of 3 tasks done'. */
  tasksDone: string;
  /** 0 to 100, for the bar of tasks done. */
  percent: number;
  /** '100 points', '2 × Free Kopi voucher'. */
  reward: string;
  /** 'Ends Dec 31, 2026', 'Completed on …', 'Ended on …'. */
  when: string;
  /** The same day alone, under its label ('Ends', 'Completed on', 'Ended on'). */
  whenLabel: string;
  whenDate: string;
}

export interface TaskWords {
  /** 'Rp 350.000 / Rp 1.000.000', '120 Pts / 500 Pts', '1 / 2'. */
  figure: string;
  percent: number;
}

/** 0 to 100; a count passed stays at a full bar. */
const percentOf = (count: number, of: number) => Math.min(100, Math.floor((count / of) * 100));

/**
 * The mission's last day. Whether the server writes its end as the last moment or as the next
 * day's first, a millisecond before it is the last day either way.
 */
const lastMomentOf = (endsAt: string) => new Date(Date.parse(endsAt) - 1).toISOString();

/** A bare number before the catalogue's words for points and stamps; money in the merchant's currency. */
function sentenceAmount(amount: number, unit: BalanceUnit, currency: Currency): string {
  return unit === 'CASH' ? formatCurrency(amount, currency) : formatNumber(amount, { thousandSeparator: currency.thousandSeparator });
}

/**
 * A mission's facts as the app writes amounts and days: a spend task in money, an earn task in the
 * program's unit, the other tasks as plain counts.
 */
export function useMissionWords() {
  const { t } = useTranslation('missions');
  const { merchant } = useSite();
  const { currency } = merchant;
  const dates = useDates();

  return useMemo(() => {
    const reward = ({ reward: given }: Mission): string =>
      given.kind === 'points'
        ? t('reward.points', { context: given.unit, count: given.amount, amount: sentenceAmount(given.amount, given.unit, currency) })
        : t('reward.voucher', { count: given.quantity, name: given.name });

    const mission = (shown: Mission): MissionWords => {
      const day = shown.status === 'completed' ? (shown.completedAt ?? shown.endsAt) : lastMomentOf(shown.endsAt);
      const whenDate = dates.day(day);
      return {
        tasksDone: t('tasksDone', { done: shown.tasksDone, count: shown.tasks.length }),
        percent: percentOf(shown.tasksDone, shown.tasks.length),
        reward: reward(shown),
        when: t(`when.${shown.status}`, { date: whenDate }),
        whenLabel: t(`whenLabel.${shown.status}`),
        whenDate,
      };
    };

    const task = (of: Mission, shown: MissionTask): TaskWords => {
      // A task passed reads as done at its target: the bar is full and the tick says the rest.
      const progress = Math.min(shown.progress, shown.target);
      const measure = (amount: number) =>
        shown.kind === 'spend' ? formatAmount(amount, 'CASH', currency) : shown.kind === 'earn' ? formatAmount(amount, of.unit, currency) : formatNumber(amount, { thousandSeparator: currency.thousandSeparator });
      return { figure: t('task.figure', { progress: measure(progress), target: measure(shown.target) }), percent: percentOf(shown.progress, shown.target) };
    };

    /** The completion dialog's sentence: 'You earned 100 points for “Coffee week”.' */
    const earned = (shown: Mission): string => {
      const given = shown.reward;
      return given.kind === 'points'
        ? t('celebration.points', { context: given.unit, count: given.amount, amount: sentenceAmount(given.amount, given.unit, currency), name: shown.name })
        : t('celebration.voucher', { count: given.quantity, voucher: given.name, name: shown.name });
    };

    return { mission, task, reward, earned };
  }, [t, currency, dates]);
}
