import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { LockIllustration } from '../../../components/ui/status-illustrations.tsx';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';

// spec: business-rules §8: 'SSO link expired or invalid'.
export function SsoInvalidPage() {
  const { t } = useTranslation('account');
  return (
    <StatusPage
      illustration={<LockIllustration />}
      title={t('sso.invalidTitle')}
      message={t('sso.invalidMessage')}
      actions={
        <ButtonLink to={paths.home.href()} replace>
          {t('sso.toLanding')}
        </ButtonLink>
      }
    />
  );
}
