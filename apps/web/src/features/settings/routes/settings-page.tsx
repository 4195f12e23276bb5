import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { TermsDocument } from '../../../components/terms/terms-sheet.tsx';
import { OpenTermsSheet } from '../../../components/terms/terms-links.tsx';
import { useNavigate } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { GlobeIcon, InboxIcon, KeyIcon, SignOutIcon, TrashIcon } from '../../../components/layout/icons.tsx';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { List, ListRow, MenuRow } from '../../../components/ui/list-row.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useSignOut } from '../../../lib/sign-out.ts';
import { DocumentIcon, MapPinIcon, PersonIcon, ShieldIcon } from '../components/settings-icons.tsx';
import '../components/settings.css';


// spec: app-core §2 Layout (menu: profile, change PIN, change language, sign out), §4 Logout; the address book (decision 021).
export function SettingsPage() {
  const { t } = useTranslation('account');
  const { t: pages } = useTranslation('pages');
  const { t: push } = useTranslation('push');
  const navigate = useNavigate();
  const { loginType } = useSession();
  const { signOut, signingOut } = useSignOut();
  // spec: app-core §2 Guards: account deletion is closed to single sign-on sessions.
  const canDeleteAccount = loginType !== 'sso';
  const { t: common } = useTranslation('common');
  const [openDocument, setOpenDocument] = useState<TermsDocument | null>(null);

  return (
    <AppLayout header={<Header title={t('settings.title')} onBack={() => void navigate(paths.cards.href())} />}>
      <List className="settings-list" aria-label={t('settings.title')}>
        <li>
          <MenuRow to={paths.profile.href()} leading={<PersonIcon />} title={t('settings.profile')} subtitle={t('settings.profileHint')} />
        </li>
        <li>
          <MenuRow to={paths.changePin.href()} leading={<KeyIcon />} title={t('settings.changePin')} subtitle={t('settings.changePinHint')} />
        </li>
        <li>
          <MenuRow to={paths.addresses.href()} leading={<MapPinIcon />} title={t('settings.addresses')} subtitle={t('settings.addressesHint')} />
        </li>
        <li>
          <MenuRow to={paths.notificationSettings.href()} leading={<InboxIcon />} title={push('settings.menu')} subtitle={push('settings.menuHint')} />
        </li>
        <li>
          <ListRow leading={<GlobeIcon />} title={pages('languageSwitcher.label')} trailing={<LanguageSwitcher compact />} />
        </li>
        <li>
          <MenuRow onClick={() => setOpenDocument('terms')} leading={<DocumentIcon />} title={common('terms.termsTitle')} />
        </li>
        <li>
          <MenuRow onClick={() => setOpenDocument('privacy')} leading={<ShieldIcon />} title={common('terms.privacyTitle')} />
        </li>
        <li>
          <MenuRow
            onClick={() => void signOut()}
            busy={signingOut}
            leading={<SignOutIcon />}
            title={signingOut ? t('settings.signingOut') : t('settings.signOut')}
          />
        </li>
        {canDeleteAccount ? (
          <li>
            <MenuRow
              to={paths.accountDeletion.href()}
              tone="danger"
              leading={<TrashIcon />}
              title={t('settings.deleteAccount')}
              subtitle={t('settings.deleteAccountHint')}
            />
          </li>
        ) : null}
      </List>
      <OpenTermsSheet document={openDocument} onClose={() => setOpenDocument(null)} />
    </AppLayout>
  );
}
