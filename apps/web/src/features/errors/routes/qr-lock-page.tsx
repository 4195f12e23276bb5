import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { MINUTE_MS } from '@kartu/core/calendar';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { LockIllustration } from '../../../components/ui/status-illustrations.tsx';
import { LockCountdown } from '../../../components/ui/lock-countdown.tsx';
import { useCountdown } from '../../../components/ui/use-countdown.ts';
import { ContactSupportLink, useHasSupportContact } from '../../../components/ui/contact-support-link.tsx';
import { parseLinkTime } from '../../../lib/lock-redirect.ts';
import { useSite } from '../../../lib/site.tsx';
import { paths } from '../../../config/paths.ts';
import { buttonClass, ButtonLink } from '../../../components/ui/button.tsx';

// spec: app-core §2 Error pages: 429 from scanning shows a live hh:mm:ss countdown to the unlock
// time, a contact button with a prefilled chat message and a close button back to the card.
export function QrLockPage() {
  const { t } = useTranslation('pages');
  const { merchant } = useSite();
  const [searchParams] = useSearchParams();
  const lockedUntil = parseLinkTime(searchParams.get('lockedUntil'));
  const cardId = searchParams.get('cardId');
  const remaining = useCountdown(lockedUntil);
  const isUnlocked = lockedUntil !== null && remaining === 0;

  const hasSupport = useHasSupportContact();
  const cardPath = cardId ? paths.cardDetail.href({ cardId }) : paths.cards.href();

  return (
    <StatusPage
      illustration={<LockIllustration />}
      title={t('qrLock.title')}
      message={t('qrLock.message')}
      actions={
        <>
          <ContactSupportLink className={buttonClass()} message={t('qrLock.contactMessage', { brand: merchant.brand })} />
          <ButtonLink variant={hasSupport ? 'secondary' : 'primary'} to={cardPath}>
            {t('qrLock.close')}
          </ButtonLink>
        </>
      }
    >
      {lockedUntil !== null ? (
        <>
          <LockCountdown label={t('qrLock.unlocksIn')} remaining={remaining} />
          {/* The status line speaks once a minute, where the timer does not. */}
          <p role="status" className={isUnlocked ? 'status-page__message' : 'visually-hidden'}>
            {isUnlocked
              ? t('qrLock.availableAgain')
              : t('qrLock.unlocksInMinutes', { count: Math.ceil(remaining / MINUTE_MS) })}
          </p>
        </>
      ) : null}
    </StatusPage>
  );
}
