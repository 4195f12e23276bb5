import { useParams } from 'react-router';
import type { ProfileBody } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useCard } from '../../../lib/card-detail.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useProfile } from '../api/get-profile.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { ProfileForm } from '../components/profile-form.tsx';
import { ProfilePhoto } from '../components/profile-photo.tsx';
import { ProfileLoadError, ProfileSkeleton } from '../components/profile-states.tsx';
import '../profile.css';

/** '/profile': the member's profile (spec: app-core §2; business-rules §3 Profile). */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const goBack = useBackNavigation();
  return (
    <AppLayout header={<Header title={t('title')} onBack={goBack} />}>
      <Profile />
    </AppLayout>
  );
}

/** '/cards/:cardId/profile' and its v2 path: the same profile, opened from a card's menu, under its program's name. */
export function CardProfilePage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('profile');
  const goBack = useBackNavigation();
  const { data: card } = useCard(cardId);
  return (
    <AppLayout header={<Header title={t('title')} subtitle={card?.cardProgram.programName} onBack={goBack} />}>
      <Profile />
    </AppLayout>
  );
}

function Profile() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const save = useSaveProfile();

  const submit = async (body: ProfileBody) => {
    await save.mutateAsync(body);
    toast.success(t('saved'));
  };

  // A refresh that fails keeps the profile already shown.
  if (!profile.data) {
    return (
      <div className="profile-page">
        {profile.isError ? <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} /> : <ProfileSkeleton />}
      </div>
    );
  }
  return (
    <div className="profile-page">
      <ProfilePhoto profile={profile.data} />
      <ProfileForm profile={profile.data} busy={save.isPending} onSubmit={submit} />
    </div>
  );
}
