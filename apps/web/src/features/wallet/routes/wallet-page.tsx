import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { useHeadingFocus } from '../../../components/ui/use-heading-focus.ts';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useSessionQuery } from '../api/session.ts';
import { memberLabel } from '../member-label.ts';
import './wallet.css';

/** The signed-in member's wallet. It holds no cards yet: the empty state says so plainly. */
export function WalletPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { merchant } = useSite();
  const stored = useSession();
  // The server's copy names the member as they are now; the stored one shows while it loads.
  const { data } = useSessionQuery();
  const member = memberLabel(data?.user ?? stored.user);
  const headingRef = useHeadingFocus();

  return (
    <AppLayout header={<Header title={t('wallet.title')} onSettings={() => void navigate(paths.settings())} />}>
      <div className="wallet">
        <p className="wallet__greeting">{member ? t('wallet.greeting', { member }) : t('wallet.greetingAnonymous')}</p>
        <section className="wallet__empty" aria-labelledby="wallet-empty-title">
          <svg className="wallet__empty-picture" viewBox="0 0 96 72" aria-hidden="true" focusable="false">
            <rect x="6" y="10" width="72" height="48" rx="8" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="6 5" />
            <rect x="18" y="18" width="72" height="48" rx="8" fill="var(--color-surface)" stroke="currentColor" strokeWidth="3" />
            <path d="M18 32h72" stroke="currentColor" strokeWidth="3" />
          </svg>
          <h2 id="wallet-empty-title" ref={headingRef} tabIndex={-1}>
            {t('wallet.emptyTitle')}
          </h2>
          <p className="muted">{t('wallet.emptyMessage', { brand: merchant.brand })}</p>
        </section>
      </div>
    </AppLayout>
  );
}
