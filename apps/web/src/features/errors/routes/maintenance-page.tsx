import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { ToolsIllustration } from '../../../components/ui/status-illustrations.tsx';
import { paths } from '../../../config/paths.ts';
import { buttonClass } from '../../../components/ui/button.tsx';

// spec: business-rules §8 'Sorry, we are down for the maintenance'; app-core §2 Guards send here.
export function MaintenancePage() {
  const { t } = useTranslation('pages');
  return (
    <StatusPage
      illustration={<ToolsIllustration />}
      title={t('maintenance.title')}
      message={t('maintenance.message')}
      actions={
        // A full page load fetches the site state again; the guard sends the user back here while
        // maintenance lasts.
        <a href={paths.home.href()} className={buttonClass()}>
          {t('maintenance.checkAgain')}
        </a>
      }
    />
  );
}
