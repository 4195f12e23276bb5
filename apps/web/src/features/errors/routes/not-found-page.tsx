import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { LostIllustration } from '../../../components/ui/status-illustrations.tsx';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button.tsx';

export type NotFoundPageProps = {
  title?: string;
  message?: string;
};

// spec: app-core §2 Error pages, §8: 'Oh No!' with '404 Not Found' unless a message is given.
export function NotFoundPage({ title, message }: NotFoundPageProps) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const location = useLocation();
  // The router marks the first page of a visit with the key 'default': there is nothing to go back to.
  const hasHistory = location.key !== 'default';

  return (
    <StatusPage
      name="not-found"
      illustration={<LostIllustration />}
      title={title ?? t('notFound.title')}
      message={message ?? t('notFound.message')}
      actions={
        <Button
          onClick={() => {
          if (hasHistory) void navigate(-1);
          else void navigate(paths.home.href(), { replace: true });
          }}
        >
          {t('notFound.goBack')}
        </Button>
      }
    />
  );
}
