import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { LockIllustration } from '../../../components/ui/status-illustrations.tsx';
import { LockCountdown } from '../../../components/ui/lock-countdown.tsx';
import { useCountdown } from '../../../components/ui/use-countdown.ts';
import { chatLink } from '../../../lib/chat-link.ts';
import { useSite } from '../../../lib/site.tsx';
import { paths } from '../../../config/paths.ts';
import { useLockState } from '../api/is-locked.ts';
import { readSignInFlow } from '../sign-in-flow.ts';

/** 'login': failed sign-ins (1 hour); 'login-24h': the 24-hour reading; 'device': wrong PINs (60 minutes). */
export type LockVariant = 'login' | 'login-24h' | 'device';

const texts = {
  login: { title: 'lock.login.title', message: 'lock.login.message' },
  'login-24h': { title: 'lock.login24h.title', message: 'lock.login24h.message' },
  device: { title: 'lock.device.title', message: 'lock.device.message' },
} as const;

/** `until` arrives as an ISO date or as epoch milliseconds. */
function parseUntil(value: string | null): number | null {
  if (!value) return null;
  const timestamp = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(timestamp) ? timestamp : null;
}

// spec: app-core §4 Account lock, §8 locked account; business-rules §4 locks.
export function LockPage({ variant }: { variant: LockVariant }) {
  const { t } = useTranslation('auth');
  const { merchant } = useSite();
  const [searchParams] = useSearchParams();
  const untilFromLink = parseUntil(searchParams.get('until'));
  // Without an unlock time in the link, ask the server about the identifier being signed in.
  const [identifier] = useState(() => (untilFromLink === null ? readSignInFlow().identifier : undefined));
  const lockState = useLockState(identifier);
  const until = untilFromLink ?? lockState.data?.unlocksAt ?? null;
  const remaining = useCountdown(until);
  const waiting = identifier !== undefined && lockState.isPending;
  const unlocked = (until !== null && remaining === 0) || lockState.data?.isLocked === false;
  // With no unlock time to count down (no link time, no identifier, or no answer), the way back stays open.
  const canGoBack = unlocked || (until === null && !waiting);

  const chatUrl = chatLink(t('lock.contactMessage', { brand: merchant.brand }));

  return (
    <StatusPage
      illustration={<LockIllustration />}
      title={t(texts[variant].title)}
      message={t(texts[variant].message)}
      actions={
        <>
          {canGoBack ? (
            <Link className="btn btn-primary" to={paths.home.href()}>
              {t('lock.backToSignIn')}
            </Link>
          ) : null}
          <a className={`btn ${canGoBack ? 'btn-ghost' : 'btn-primary'}`} href={chatUrl} target="_blank" rel="noopener noreferrer">
            {t('lock.contact')} <span className="visually-hidden">{t('lock.opensInNewTab')}</span>
          </a>
        </>
      }
    >
      {until !== null ? <LockCountdown label={t('lock.unlocksIn')} remaining={remaining} /> : null}
      <p role="status" className={unlocked ? 'status-page__message' : 'visually-hidden'}>
        {unlocked ? t('lock.unlocked') : ''}
      </p>
    </StatusPage>
  );
}
