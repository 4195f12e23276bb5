import { useTranslation } from '../../../lib/i18n.tsx';
import { formatCountdown } from '@kartu/core';
import { useCountdown } from '../../../components/ui/use-countdown.ts';

export type CodeRequestLockProps = {
  /** When new codes may be requested again, by this browser's clock. */
  until: number;
  onDone?: () => void;
};

// spec: business-rules §4 locks: too many code requests lock requesting for 3 minutes.
export function CodeRequestLock({ until, onDone }: CodeRequestLockProps) {
  const { t } = useTranslation('auth');
  const remaining = useCountdown(until, { onDone });
  if (remaining === 0) return null;
  // The alert speaks once; the ticking timer is not a live region, so it does not talk every second.
  return (
    <div className="field__error code-lock">
      <p role="alert">{t('code.requestsLocked')}</p>
      <p>
        {t('code.tryAgainIn')} <span role="timer">{formatCountdown(remaining)}</span>
      </p>
    </div>
  );
}
