import { useId } from 'react';
import type { ReferralOverview } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { useRewardAmount } from '../use-reward-amount.ts';

type Offer = Pick<ReferralOverview, 'programName' | 'unit' | 'referrerReward' | 'friendReward' | 'rewardOn' | 'endsAt'>;

/** What the member earns for each friend and when, what the friend receives, and until when. */
export function ReferralOffer({ offer }: { offer: Offer }) {
  const { t } = useTranslation('referral');
  const dates = useDates();
  const reward = useRewardAmount(offer.unit);
  const headingId = useId();
  return (
    <section className="referral-hero" aria-labelledby={headingId}>
      <h2 id={headingId} className="referral-hero__title">
        {offer.referrerReward > 0
          ? t(`offer.earn_${offer.rewardOn}`, { reward: reward(offer.referrerReward) })
          : t('offer.invite', { programName: offer.programName })}
      </h2>
      {offer.friendReward > 0 ? <p className="referral-hero__text">{t('offer.friendGets', { reward: reward(offer.friendReward) })}</p> : null}
      {offer.endsAt ? <p className="referral-hero__text">{t('offer.endsAt', { date: dates.day(offer.endsAt) })}</p> : null}
    </section>
  );
}

/** spec: business-rules §8 promotion ended: said first, in place of the offer and the ways to invite. */
export function ReferralEnded({ endsAt }: { endsAt: string | null }) {
  const { t } = useTranslation('referral');
  const dates = useDates();
  const headingId = useId();
  return (
    <section className="referral-ended" aria-labelledby={headingId}>
      <h2 id={headingId} className="referral-ended__title">
        {t('ended.title')}
      </h2>
      <p className="referral-ended__text">{endsAt ? t('ended.textOn', { date: dates.day(endsAt) }) : t('ended.text')}</p>
    </section>
  );
}
