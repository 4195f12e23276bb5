import { useTranslation } from '../../../lib/i18n.tsx';
import { Link, useNavigate } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useSignOut } from '../../../lib/sign-out.ts';
import '../components/settings.css';

// spec: app-core §2 Layout (menu: change PIN, change language, sign out), §4 Logout.
export function SettingsPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { loginType } = useSession();
  const { signOut, signingOut } = useSignOut();
  // spec: app-core §2 Guards: account deletion is closed to single sign-on sessions.
  const canDeleteAccount = loginType !== 'sso';

  return (
    <AppLayout header={<Header title={t('settings.title')} onBack={() => void navigate(paths.cards.href())} />}>
      <ul className="settings-list" aria-label={t('settings.title')}>
        <li>
          <Link className="settings-item" to={paths.changePin.href()}>
            <span className="settings-item__label">{t('settings.changePin')}</span>
            <span className="settings-item__hint muted">{t('settings.changePinHint')}</span>
          </Link>
        </li>
        <li className="settings-item settings-item--language">
          <LanguageSwitcher />
        </li>
        <li>
          <button type="button" className="settings-item" onClick={() => void signOut()} disabled={signingOut} aria-busy={signingOut}>
            <span className="settings-item__label">{signingOut ? t('settings.signingOut') : t('settings.signOut')}</span>
          </button>
        </li>
        {canDeleteAccount ? (
          <li>
            <Link className="settings-item settings-item--danger" to={paths.accountDeletion.href()}>
              <span className="settings-item__label">{t('settings.deleteAccount')}</span>
              <span className="settings-item__hint muted">{t('settings.deleteAccountHint')}</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </AppLayout>
  );
}
