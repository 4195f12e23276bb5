import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useParams } from 'react-router';
import type { Reward } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { ApiError, describeApiError, resolveTimezone } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.tsx';
import { useClaimReward } from '../api/claim-reward.ts';
import { useRewards } from '../api/get-rewards.ts';
import { ActivityLayout } from '../components/activity/activity-layout.tsx';
import { ListSkeleton, LoadError } from '../components/activity/activity-states.tsx';
import { formatAmount, formatSignedAmount } from '../../../components/ui/amount.tsx';
import { RewardItem } from '../components/activity/reward-item.tsx';
import { useActivityCard } from '../components/activity/use-activity-card.ts';
import { GiftIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** '/cards/:cardId/claim-rewards': rewards waiting to be claimed, each with its button; claimed ones below. */
export function ClaimRewardsPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('cards');
  const { intlLocale } = useLanguage();
  const { card, loadError } = useActivityCard(cardId, 'claim-rewards');
  const rewards = useRewards(cardId);
  const claim = useClaimReward();
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale, { timeZone: resolveTimezone(), dateStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [intlLocale]);

  const list = rewards.data ?? [];
  const claimable = list.filter((reward) => reward.status === 'claimable');
  const claimed = list.filter((reward) => reward.status === 'claimed');

  const claimOne = (reward: Reward) => {
    if (!card) return;
    const currency = card.currency;
    claim.mutate(
      { cardId, rewardId: reward.id },
      {
        onSuccess: ({ reward: claimed }) => {
          const amount = formatSignedAmount(claimed.amount, claimed.unit, currency);
          if (!claimed.withVoucher) toast.success(t('activity.rewards.claimedToast', { amount }));
          else toast.success(claimed.amount === 0 ? t('activity.rewards.claimedVoucher') : t('activity.rewards.claimedWithVoucher', { amount }));
        },
        onError: (error) => {
          const alreadyClaimed = error instanceof ApiError && error.code === 'REWARD_ALREADY_CLAIMED';
          const message = alreadyClaimed ? t('activity.rewards.alreadyClaimed') : describeApiError(error);
          if (message) toast.error(message);
        },
      },
    );
  };

  return (
    <ActivityLayout title={t('activity.rewards.title')} programName={card?.cardProgram.programName} cardError={loadError}>
      {card ? (
        <p className="activity-balance">
          {t('activity.rewards.balance', { balance: formatAmount(card.balance.amount, card.balance.unit, card.currency) })}
        </p>
      ) : null}
      {rewards.isPending || !card ? <ListSkeleton rows={3} label={t('activity.loading')} /> : null}
      {rewards.isError ? <LoadError error={rewards.error} onRetry={() => void rewards.refetch()} /> : null}
      {rewards.isSuccess && card ? (
        <>
          <section className="activity-section" aria-labelledby="rewards-claimable">
            <h2 id="rewards-claimable" className="activity-day__title">
              {t('activity.rewards.claimableTitle')}
            </h2>
            {claimable.length === 0 ? (
              <EmptyState illustration={<GiftIllustration />} title={t(list.length === 0 ? 'activity.rewards.emptyTitle' : 'activity.rewards.allClaimed')} />
            ) : (
              <ul className="activity-rewards">
                {claimable.map((reward) => (
                  <RewardItem
                    key={reward.id}
                    reward={reward}
                    currency={card.currency}
                    formatDate={formatDate}
                    onClaim={() => claimOne(reward)}
                    claiming={claim.isPending && claim.variables.rewardId === reward.id}
                    disabled={claim.isPending}
                  />
                ))}
              </ul>
            )}
          </section>
          {claimed.length > 0 ? (
            <section className="activity-section" aria-labelledby="rewards-claimed">
              <h2 id="rewards-claimed" className="activity-day__title">
                {t('activity.rewards.claimedTitle')}
              </h2>
              <ul className="activity-rewards">
                {claimed.map((reward) => (
                  <RewardItem key={reward.id} reward={reward} currency={card.currency} formatDate={formatDate} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </ActivityLayout>
  );
}
