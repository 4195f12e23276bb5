import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { LockIllustration } from '../../../components/ui/status-illustrations.tsx';
import { paths } from '../../../config/paths.ts';

// spec: business-rules §8: 'SSO link expired or invalid'.
export function SsoInvalidPage() {
  const { t } = useTranslation('account');
  return (
    <StatusPage
      illustration={<LockIllustration />}
      title={t('sso.invalidTitle')}
      message={t('sso.invalidMessage')}
      actions={
        <Link className="btn btn-primary" to={paths.home.href()} replace>
          {t('sso.toLanding')}
        </Link>
      }
    />
  );
}
