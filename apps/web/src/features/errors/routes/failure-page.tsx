import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { reloadPage } from '../../../components/ui/reload-page.ts';
import { BrokenIllustration } from '../../../components/ui/status-illustrations.tsx';
import { Button } from '../../../components/ui/button.tsx';

export type FailurePageProps = {
  /** Retries the failed work in place; without it the page reloads. */
  onRetry?: () => void;
};

// spec: app-core §2 Error pages: generic failure with a 'Try again' that reloads or emits a retry.
export function FailurePage({ onRetry }: FailurePageProps) {
  const { t } = useTranslation('pages');
  return (
    <StatusPage
      illustration={<BrokenIllustration />}
      title={t('failure.title')}
      message={t('failure.message')}
      actions={
        <Button
          onClick={() => (onRetry ? onRetry() : reloadPage())}
        >
          {t('failure.retry')}
        </Button>
      }
    />
  );
}
