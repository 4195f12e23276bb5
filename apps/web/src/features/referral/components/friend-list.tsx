import { useId, useState } from 'react';
import { referralStates, type BalanceUnit, type ReferralState } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { EnvelopeIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { Tabs, tabId, tabPanelId } from '../../../components/ui/tabs.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useReferralFriends } from '../api/get-referral-friends.ts';
import { FriendRow } from './friend-row.tsx';
import { FriendsSkeleton, ReferralLoadError } from './referral-states.tsx';

type Filter = ReferralState | 'all';

/** The friends the member invited, newest first, by state, a page at a time. */
export function FriendList({ referralId, unit, ended }: { referralId: string; unit: BalanceUnit; ended: boolean }) {
  const { t } = useTranslation('referral');
  const ids = { heading: useId(), tabs: useId() };
  const [filter, setFilter] = useState<Filter>('all');
  const items = [{ value: 'all' as const, label: t('friends.all') }, ...referralStates.map((state) => ({ value: state, label: t(`state.${state}`) }))];
  return (
    <section className="referral-friends" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('friends.heading')}</h2>
      <Tabs label={t('friends.filter')} idPrefix={ids.tabs} items={items} value={filter} onChange={setFilter} />
      <div role="tabpanel" id={tabPanelId(ids.tabs, filter)} aria-labelledby={tabId(ids.tabs, filter)} className="referral-friends__panel">
        <Friends key={filter} referralId={referralId} state={filter === 'all' ? null : filter} unit={unit} ended={ended} />
      </div>
    </section>
  );
}

function Friends({ referralId, state, unit, ended }: { referralId: string; state: ReferralState | null; unit: BalanceUnit; ended: boolean }) {
  const { t } = useTranslation('referral');
  const friends = useReferralFriends(referralId, state);
  // A later page or a refresh that fails keeps the friends already shown.
  if (!friends.data) {
    return friends.isError ? (
      <ReferralLoadError error={friends.error} message={t('friends.loadFailed')} onRetry={() => void friends.refetch()} />
    ) : (
      <FriendsSkeleton />
    );
  }
  const list = friends.data.pages.flatMap((page) => page.data);
  if (list.length === 0) {
    return state === null ? (
      <EmptyState illustration={<EnvelopeIllustration />} title={t('friends.emptyTitle')} message={ended ? t('friends.emptyEnded') : t('friends.emptyMessage')} headingLevel={3} />
    ) : (
      <p className="referral-friends__none">{t('friends.noneInState', { state: t(`state.${state}`) })}</p>
    );
  }
  return (
    <>
      <ul className="referral-friends__list">
        {list.map((friend) => (
          <FriendRow key={friend.id} friend={friend} unit={unit} />
        ))}
      </ul>
      {friends.isFetchNextPageError ? (
        <p role="alert" className="field__error">
          {describeApiError(friends.error) ?? t('friends.loadFailed')}
        </p>
      ) : null}
      {friends.hasNextPage ? (
        <Button variant="secondary" block loading={friends.isFetchingNextPage} onClick={() => void friends.fetchNextPage()}>
          {friends.isFetchingNextPage ? t('friends.loadingMore') : t('friends.loadMore')}
        </Button>
      ) : null}
    </>
  );
}
