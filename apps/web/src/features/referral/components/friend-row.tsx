import type { BalanceUnit, ReferralFriend, ReferralState } from '@kartu/contracts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { useSite } from '../../../lib/site.tsx';

const toneOf: Record<ReferralState, BadgeTone> = { pending: 'neutral', registered: 'brand', purchased: 'success', unavailable: 'danger' };

/** One friend: the masked phone, where they stand (and why not, when unavailable), what they earned the member, and when. */
export function FriendRow({ friend, unit }: { friend: ReferralFriend; unit: BalanceUnit }) {
  const { t } = useTranslation('referral');
  const dates = useDates();
  const { merchant } = useSite();
  const moments = [
    t('friends.invitedAt', { date: dates.day(friend.invitedAt) }),
    friend.registeredAt ? t('friends.registeredAt', { date: dates.day(friend.registeredAt) }) : null,
    friend.purchasedAt ? t('friends.purchasedAt', { date: dates.day(friend.purchasedAt) }) : null,
  ].filter((moment) => moment !== null);
  return (
    <li className="referral-friend">
      <div className="referral-friend__head">
        <span className="referral-friend__phone">{friend.friendPhone}</span>
        <Badge tone={toneOf[friend.state]}>{t(`state.${friend.state}`)}</Badge>
      </div>
      {friend.state === 'unavailable' && friend.unavailableReason ? <p className="referral-friend__reason">{t(`reason.${friend.unavailableReason}`)}</p> : null}
      <p className="referral-friend__dates">{moments.join(' · ')}</p>
      {friend.commission > 0 ? (
        <p className="referral-friend__commission">
          <Amount amount={friend.commission} unit={unit} currency={merchant.currency} signed={{ in: t('friends.commission'), out: '', none: '' }} />
        </p>
      ) : friend.commissionPending ? (
        <p className="referral-friend__commission referral-friend__commission--pending">{t('friends.commissionPending')}</p>
      ) : null}
    </li>
  );
}
