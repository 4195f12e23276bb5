import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { LockIllustration } from '../../../components/ui/status-illustrations.tsx';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';

// spec: app-core §2 Guards: a page flagged with a locked feature goes to /feature-locked?feature=….
export function FeatureLockedPage() {
  const { t, i18n } = useTranslation('pages');
  const [searchParams] = useSearchParams();
  const feature = searchParams.get('feature') ?? '';
  // Only features we have a name for are shown; anything else gets the generic wording.
  const featureKey = `featureLocked.features.${feature}`;
  const isKnown = /^[a-z]+(-[a-z]+)*$/.test(feature) && i18n.exists(featureKey, { ns: 'pages' });
  const featureName = isKnown ? t(featureKey) : null;

  return (
    <StatusPage
      illustration={<LockIllustration />}
      title={t('featureLocked.title')}
      message={
        featureName
          ? t('featureLocked.message', { feature: featureName })
          : t('featureLocked.messageGeneric')
      }
      actions={
        <ButtonLink to={paths.cards.href()}>
          {t('featureLocked.backToCards')}
        </ButtonLink>
      }
    />
  );
}
