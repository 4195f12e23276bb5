import { useSearchParams } from 'react-router';
import { featureKeySchema, type FeatureEligibility } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useFeatureEligibility } from '../../../lib/feature-eligibilities.ts';
import { useSession } from '../../../lib/session.ts';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { LockIllustration } from '../../../components/ui/status-illustrations.tsx';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';

/** What opens the feature, in a sentence; the generic one when the server has not said. */
function useUnlockMessage(featureName: string | null, eligibility: FeatureEligibility | undefined): string {
  const { t } = useTranslation('pages');
  const unlock = eligibility?.unlock;
  if (featureName && unlock?.kind === 'level') return t('featureLocked.unlockAtLevel', { feature: featureName, levelName: unlock.levelName, programName: unlock.programName });
  if (featureName && unlock?.kind === 'closed') return t('featureLocked.closed', { feature: featureName });
  if (featureName && eligibility && !eligibility.isLocked) return t('featureLocked.openNow', { feature: featureName });
  return featureName ? t('featureLocked.message', { feature: featureName }) : t('featureLocked.messageGeneric');
}

// spec: app-core §2 Guards: a page flagged with a locked feature goes to /feature-locked?feature=….
export function FeatureLockedPage() {
  const { t } = useTranslation('pages');
  const [searchParams] = useSearchParams();
  const parsed = featureKeySchema.safeParse(searchParams.get('feature'));
  const feature = parsed.success ? parsed.data : null;
  const featureName = feature ? t(`featureLocked.features.${feature}`) : null;
  const { user } = useSession();
  // Only a signed-in member has eligibilities; a visitor reads the general sentence.
  const { eligibility } = useFeatureEligibility(user ? feature : null);
  const message = useUnlockMessage(featureName, eligibility);
  const levelsOf = eligibility?.unlock?.kind === 'level' ? eligibility.unlock.cardId : null;

  return (
    <StatusPage
      illustration={<LockIllustration />}
      title={t('featureLocked.title')}
      message={message}
      actions={
        <>
          {levelsOf ? <ButtonLink to={paths.cardLevels.href({ cardId: levelsOf })}>{t('featureLocked.seeLevels')}</ButtonLink> : null}
          <ButtonLink to={paths.cards.href()} variant={levelsOf ? 'secondary' : undefined}>
            {t('featureLocked.backToCards')}
          </ButtonLink>
        </>
      }
    />
  );
}
