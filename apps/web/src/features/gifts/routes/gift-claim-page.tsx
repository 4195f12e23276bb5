import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { GiftPreview } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { DigitCodeField } from '../../../components/forms/digit-code-field.tsx';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { GiftIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { rememberSignInLink } from '../../../lib/sign-in-link.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useClaimGift, useGiftPreview } from '../api/gifts.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { VoucherHero } from '../../../components/voucher/voucher-art.tsx';
import '../../../components/voucher/voucher.css';
import '../gifts.css';

const PIN_LENGTH = 6;

/**
 * '/gifts/:token': a friend's gift. Signed out, the page keeps the link and asks them to sign in
 * first; signed in, it shows who sent what, and takes the PIN their phone received to claim it.
 */
export function GiftClaimPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('cards');
  const { user } = useSession();
  return (
    <AppLayout header={<Header title={t('vouchers.claim.title')} />}>
      <div className="voucher-page">{user ? <SignedInClaim token={token} /> : <SignInFirst />}</div>
    </AppLayout>
  );
}

function SignInFirst() {
  const { t } = useTranslation('cards');
  const { merchant } = useSite();
  const location = useLocation();
  useEffect(() => rememberSignInLink(location.pathname), [location.pathname]);
  return (
    <EmptyState
      illustration={<GiftIllustration />}
      title={t('vouchers.claim.signInTitle')}
      message={t('vouchers.claim.signInMessage', { brand: merchant.brand })}
      action={<ButtonLink to={paths.home.href()}>{t('vouchers.claim.signIn')}</ButtonLink>}
    />
  );
}

function SignedInClaim({ token }: { token: string }) {
  const { t } = useTranslation('cards');
  const preview = useGiftPreview(token);
  if (preview.error) {
    return (
      <EmptyState
        illustration={<GiftIllustration />}
        title={t('vouchers.claim.missingTitle')}
        message={describeApiError(preview.error) ?? ''}
        action={<ButtonLink to={paths.egifts.href()}>{t('vouchers.stack.backToWallet')}</ButtonLink>}
      />
    );
  }
  if (!preview.data) {
    return (
      <LoadingRegion label={t('vouchers.claim.loading')} className="voucher-wallet__skeleton">
        <Skeleton shape="block" height="8rem" />
        <Skeleton shape="block" height="4rem" />
      </LoadingRegion>
    );
  }
  return <GiftLoaded token={token} gift={preview.data} />;
}

function GiftLoaded({ token, gift }: { token: string; gift: GiftPreview }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const template = { id: '', name: gift.voucher.name, valueText: gift.voucher.valueText, image: gift.voucher.image, usableAt: gift.voucher.usableAt };
  const unavailable = gift.status !== 'pending';
  return (
    <>
      <p className="gift-claim__from">{t('vouchers.claim.from', { name: gift.sender.name })}</p>
      {gift.message ? <blockquote className="gift-claim__message">{gift.message}</blockquote> : null}
      <VoucherHero template={template} />
      <p className="muted">{t('vouchers.claim.validity', { program: gift.program.name, date: dates.day(gift.voucher.expiresAt) })}</p>
      {unavailable ? (
        <p className="voucher-state__text" role="status">
          {t(`vouchers.claim.status.${gift.status}`)}
        </p>
      ) : gift.isSender ? (
        <p className="voucher-state__text">{t('vouchers.claim.own')}</p>
      ) : !gift.forYou ? (
        <p className="voucher-state__text">{t('vouchers.claim.notForYou', { ending: gift.recipientPhoneEnding })}</p>
      ) : !gift.hasCard ? (
        <div className="gift-claim__needs-card">
          <p>{t('vouchers.claim.needsCard', { program: gift.program.name })}</p>
          <ButtonLink block to={paths.addCard.href()}>
            {t('vouchers.claim.addCard')}
          </ButtonLink>
        </div>
      ) : (
        <ClaimForm token={token} expiresAt={gift.expiresAt} />
      )}
    </>
  );
}

function ClaimForm({ token, expiresAt }: { token: string; expiresAt: string }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const navigate = useNavigate();
  const id = useId();
  const claim = useClaimGift(token);
  const [pin, setPin] = useState('');

  const submit = (value: string) => {
    if (value.length !== PIN_LENGTH || claim.isPending) return;
    claim.mutate(value, {
      onSuccess: (voucher) => {
        toast.success(t('vouchers.claim.done', { name: voucher.template.name }));
        void navigate(paths.egiftDetail.href({ egiftNumber: voucher.id }), { replace: true });
      },
      onError: () => setPin(''),
    });
  };

  const error = claim.error;
  const problem = (() => {
    if (!error) return null;
    if (error instanceof ApiError && error.code === 'GIFT_PIN_INVALID' && error.attemptsRemaining !== undefined) return t('vouchers.claim.wrongPin', { count: error.attemptsRemaining });
    if (error instanceof ApiError && error.code === 'GIFT_LOCKED' && error.lockedUntil) return t('vouchers.claim.locked', { time: dates.moment(error.lockedUntil) });
    return describeApiError(error);
  })();
  const locked = error instanceof ApiError && error.code === 'GIFT_LOCKED';

  return (
    <form
      className="gift-claim__form"
      onSubmit={(event) => {
        event.preventDefault();
        submit(pin);
      }}
    >
      <p>{t('vouchers.claim.pinIntro', { date: dates.moment(expiresAt) })}</p>
      <DigitCodeField
        id={`${id}-pin`}
        label={t('vouchers.claim.pin')}
        length={PIN_LENGTH}
        value={pin}
        onChange={setPin}
        onComplete={submit}
        autoComplete="one-time-code"
        invalid={problem !== null}
        describedBy={problem ? `${id}-problem` : undefined}
        readOnly={claim.isPending || locked}
      />
      {problem ? (
        <p id={`${id}-problem`} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" block loading={claim.isPending} disabled={locked || pin.length !== PIN_LENGTH}>
        {t('vouchers.claim.submit')}
      </Button>
    </form>
  );
}
