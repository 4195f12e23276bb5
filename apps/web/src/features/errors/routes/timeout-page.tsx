import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { reloadPage } from '../../../components/ui/reload-page.ts';
import { ClockIllustration } from '../../../components/ui/status-illustrations.tsx';
import { toReturnPath } from '../../../lib/return-path.ts';
import { Button } from '../../../components/ui/button.tsx';

// spec: app-core §2 Error pages: status 408 shows a retry page.
export function TimeoutPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnPath = toReturnPath(searchParams.get('from'));

  return (
    <StatusPage
      illustration={<ClockIllustration />}
      title={t('timeout.title')}
      message={t('timeout.message')}
      actions={
        <Button
          onClick={() => {
          if (returnPath) void navigate(returnPath, { replace: true });
          else reloadPage();
          }}
        >
          {t('timeout.retry')}
        </Button>
      }
    />
  );
}
