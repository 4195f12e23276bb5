import type { Target } from '@kartu/contracts';
import { formatAmount } from '../../components/ui/amount.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSite } from '../../lib/site.tsx';
import { useDates } from '../../lib/use-dates.ts';

export interface TargetWords {
  /** 'Spend Rp 1.000.000 by Dec 31, 2026', 'Collect 500 Pts by …'. */
  goal: string;
  /** 'Rp 350.000 of Rp 1.000.000'. */
  progress: string;
  /** 'Reward: 200 Pts'. */
  reward: string;
  /** 'Rp 650.000 to go', or that the target is reached. */
  left: string;
  /** 'Jan 1, 2026 – Dec 31, 2026'. */
  window: string;
  /** The window's last day: 'Dec 31, 2026'. */
  lastDay: string;
  /** 0 to 100, for the bar; a target passed stays at 100. */
  percent: number;
}

/**
 * The last day of a window. Whether the server writes the end as its last moment or as the next
 * window's first, a millisecond before it is the window's last day either way.
 */
function lastMomentOf(windowEndsAt: string): string {
  return new Date(Date.parse(windowEndsAt) - 1).toISOString();
}

/** A target's facts as the app writes amounts and days: money for spend, the program's unit for collect. */
export function useTargetWords(target: Target): TargetWords {
  const { t } = useTranslation('targets');
  const { merchant } = useSite();
  const dates = useDates();
  // A program's money is the merchant's currency, whose symbol and separators the site carries.
  const measure = (amount: number) => formatAmount(amount, target.kind === 'spend' ? 'CASH' : target.unit, merchant.currency);
  const goalAmount = measure(target.target);
  const lastDay = dates.day(lastMomentOf(target.windowEndsAt));
  const remaining = Math.max(0, target.target - target.progress);
  return {
    goal: t(`goal.${target.kind}`, { amount: goalAmount, date: lastDay }),
    progress: t('progress', { progress: measure(target.progress), target: goalAmount }),
    reward: t('reward', { reward: formatAmount(target.reward, target.unit, merchant.currency) }),
    left: target.achieved || remaining === 0 ? t('reached') : t('left', { amount: measure(remaining) }),
    window: t('window', { from: dates.day(target.windowStartsAt), to: lastDay }),
    lastDay,
    percent: Math.min(100, Math.floor((target.progress / target.target) * 100)),
  };
}

