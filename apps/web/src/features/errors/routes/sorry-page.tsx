import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { ClosedIllustration } from '../../../components/ui/status-illustrations.tsx';
import { useSite } from '../../../lib/site.tsx';

// spec: app-core §2 Guards: an inactive web redirects to /sorry.
export function SorryPage() {
  const { t } = useTranslation('pages');
  const { merchant } = useSite();
  const logo = merchant.iconUrl ? (
    <img className="status-page__logo" src={merchant.iconUrl} alt={merchant.brand} width={64} height={64} />
  ) : null;

  return (
    <StatusPage
      illustration={logo ? undefined : <ClosedIllustration />}
      title={t('sorry.title')}
      message={t('sorry.message', { brand: merchant.brand })}
    >
      {logo}
    </StatusPage>
  );
}
