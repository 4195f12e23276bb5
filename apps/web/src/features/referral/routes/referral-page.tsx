import { useNavigate, useParams } from 'react-router';
import type { ReferralOverview } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useReferral } from '../api/get-referral.ts';
import { FriendList } from '../components/friend-list.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { ReferralEnded, ReferralOffer } from '../components/referral-offer.tsx';
import { ReferralShare, useShareText } from '../components/referral-share.tsx';
import { ReferralLoadError, ReferralSkeleton } from '../components/referral-states.tsx';
import { ReferralSummary } from '../components/referral-summary.tsx';
import '../referral.css';

// An id the server cannot read (400) names no program either (spec: app-core §8 404 page).
const notFoundStatuses = new Set([400, 404]);

/**
 * '/cards/:cardId/referral/:id' (app-core §2 referral/{id}): one referral program of the member's. Running, it
 * offers the code, the link and invites by phone; ended, it says so and keeps the counts and the
 * friends. Back leads to the card it was opened from.
 */
export function ReferralPage() {
  const { id = '', cardId: cardOfPath } = useParams();
  const { t } = useTranslation('referral');
  const navigate = useNavigate();
  const goBack = useBackNavigation();
  const referral = useReferral(id);
  const overview = referral.data;
  if (!overview && referral.error instanceof ApiError && notFoundStatuses.has(referral.error.status)) throw new PageNotFoundError(t('notFound'));
  const cardId = cardOfPath ?? overview?.cardId;
  return (
    <AppLayout
      header={
        <Header
          title={t('title')}
          subtitle={overview?.programName}
          onBack={cardId ? () => void navigate(paths.cardDetail.href({ cardId })) : goBack}
        />
      }
    >
      <div className="referral-page">
        {overview ? (
          <ReferralLoaded overview={overview} />
        ) : referral.isError ? (
          <ReferralLoadError error={referral.error} message={t('loadFailed')} onRetry={() => void referral.refetch()} />
        ) : (
          <ReferralSkeleton />
        )}
      </div>
    </AppLayout>
  );
}

function ReferralLoaded({ overview }: { overview: ReferralOverview }) {
  const ended = overview.status === 'ended';
  const shareText = useShareText(overview);
  return (
    <>
      {ended ? (
        <ReferralEnded endsAt={overview.endsAt} />
      ) : (
        <>
          <ReferralOffer offer={overview} />
          <ReferralShare referral={overview} />
          <InviteForm referralId={overview.id} invitesLeftToday={overview.invitesLeftToday} share={{ link: overview.link, text: shareText }} />
        </>
      )}
      <ReferralSummary summary={overview.summary} unit={overview.unit} />
      <FriendList referralId={overview.id} unit={overview.unit} ended={ended} />
    </>
  );
}
