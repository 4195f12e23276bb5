import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { LockIllustration } from '../../../components/ui/status-illustrations.tsx';
import { LockCountdown } from '../../../components/ui/lock-countdown.tsx';
import { useCountdown } from '../../../components/ui/use-countdown.ts';
import { ContactSupportLink, useHasSupportContact } from '../../../components/ui/contact-support-link.tsx';
import { parseLinkTime } from '../../../lib/lock-redirect.ts';
import { useSite } from '../../../lib/site.tsx';
import { addCardLockReason, paths } from '../../../config/paths.ts';
import { useLockState } from '../api/is-locked.ts';
import { readSignInFlow } from '../sign-in-flow.ts';
import { buttonClass, ButtonLink } from '../../../components/ui/button.tsx';

/**
 * 'login': failed sign-ins (1 hour); 'login-24h': the 24-hour reading; 'device': wrong PINs (60
 * minutes); 'add-card': wrong card numbers or activation codes (24 hours), which locks adding cards
 * only, so the signed-in member goes back to the wallet rather than to sign-in.
 */
export type LockVariant = 'login' | 'login-24h' | 'device' | 'add-card';

const signInTexts = { unlocked: 'lock.unlocked', back: 'lock.backToSignIn', contact: 'lock.contactMessage' } as const;
const texts = {
  login: { title: 'lock.login.title', message: 'lock.login.message', ...signInTexts },
  'login-24h': { title: 'lock.login24h.title', message: 'lock.login24h.message', ...signInTexts },
  device: { title: 'lock.device.title', message: 'lock.device.message', ...signInTexts },
  'add-card': {
    title: 'lock.addCard.title',
    message: 'lock.addCard.message',
    unlocked: 'lock.addCard.unlocked',
    back: 'lock.addCard.backToCards',
    contact: 'lock.addCard.contactMessage',
  },
} as const;

// spec: app-core §4 Account lock, §8 locked account; business-rules §4 locks.
export function LockPage({ variant: routeVariant }: { variant: LockVariant }) {
  const { t } = useTranslation('auth');
  const { merchant } = useSite();
  const [searchParams] = useSearchParams();
  // business-rules §4 and §8: the 24-hour add-card lock shares /lock-24h with the sign-in reading.
  const variant = routeVariant === 'login-24h' && searchParams.get('reason') === addCardLockReason ? 'add-card' : routeVariant;
  const text = texts[variant];
  const hasSupport = useHasSupportContact();
  const untilFromLink = parseLinkTime(searchParams.get('until'));
  // Without an unlock time in the link, ask the server about the identifier being signed in.
  const [identifier] = useState(() => (untilFromLink === null && variant !== 'add-card' ? readSignInFlow().identifier : undefined));
  const lockState = useLockState(identifier);
  const until = untilFromLink ?? lockState.data?.unlocksAt ?? null;
  const remaining = useCountdown(until);
  const waiting = identifier !== undefined && lockState.isPending;
  const unlocked = (until !== null && remaining === 0) || lockState.data?.isLocked === false;
  // With no unlock time to count down (no link time, no identifier, or no answer), the way back stays
  // open; the wallet always is, since only adding cards is locked.
  const canGoBack = variant === 'add-card' || unlocked || (until === null && !waiting);
  const backPath = variant === 'add-card' ? paths.cards.href() : paths.home.href();

  return (
    <StatusPage
      illustration={<LockIllustration />}
      title={t(text.title)}
      // Without a support contact, the message does not offer one (the `noContact` context of its text).
      message={t(text.message, { context: hasSupport ? undefined : 'noContact' })}
      actions={
        <>
          {canGoBack ? (
            <ButtonLink to={backPath}>
              {t(text.back)}
            </ButtonLink>
          ) : null}
          <ContactSupportLink
            className={buttonClass({ variant: canGoBack ? 'secondary' : 'primary' })}
            message={t(text.contact, { brand: merchant.brand })}
          />
        </>
      }
    >
      {until !== null ? <LockCountdown label={t('lock.unlocksIn')} remaining={remaining} /> : null}
      <p role="status" className={unlocked ? 'status-page__message' : 'visually-hidden'}>
        {unlocked ? t(text.unlocked) : ''}
      </p>
    </StatusPage>
  );
}
