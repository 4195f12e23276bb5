import { useTranslation } from '../../../../lib/i18n.tsx';
import type { Currency, Reward } from '@kartu/contracts';
import { GiftIcon } from '../../../../components/layout/icons.tsx';
import { Amount } from '../../../../components/ui/amount.tsx';
import { Button } from '../../../../components/ui/button.tsx';

export type RewardItemProps = {
  reward: Reward;
  currency: Currency;
  formatDate: (iso: string) => string;
  /** Given for claimable rewards only. */
  onClaim?: () => void;
  claiming?: boolean;
  disabled?: boolean;
};

/**
 * One reward: what it is and what it gives (an amount, an e-voucher, or both); a Claim button while
 * it waits, the claim date after.
 */
export function RewardItem({ reward, currency, formatDate, onClaim, claiming = false, disabled = false }: RewardItemProps) {
  const { t } = useTranslation('cards');
  return (
    <li className={`activity-reward activity-reward--${reward.status} card-surface`}>
      <span className="activity-reward__text">
        <span className="activity-reward__title">{reward.title}</span>
        <span className="activity-reward__kind muted">{t(`activity.rewards.kind.${reward.kind}`)}</span>
        {reward.amount !== 0 ? <Amount className="activity-reward__amount" signed amount={reward.amount} unit={reward.unit} currency={currency} /> : null}
        {reward.withVoucher ? (
          <span className="activity-reward__voucher">
            <GiftIcon />
            {t('activity.rewards.withVoucher')}
          </span>
        ) : null}
      </span>
      {onClaim ? (
        <Button
          onClick={onClaim}
          disabled={disabled || claiming}
          loading={claiming}
          aria-label={t('activity.rewards.claimLabel', { title: reward.title })}
        >
          {claiming ? t('activity.rewards.claiming') : t('activity.rewards.claim')}
        </Button>
      ) : (
        <span className="activity-reward__claimed muted">
          {reward.claimedAt ? t('activity.rewards.claimedOn', { date: formatDate(reward.claimedAt) }) : t('activity.rewards.claimed')}
        </span>
      )}
    </li>
  );
}
