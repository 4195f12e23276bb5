import { useState } from 'react';
import { useParams } from 'react-router';
import type { Voucher } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Redirect } from '../../../lib/redirect.tsx';
import { useSetVoucherHidden } from '../api/change-voucher.ts';
import { useVoucher } from '../api/get-voucher.ts';
import { RedeemSheet } from '../components/redeem-sheet.tsx';
import { GiftSheet } from '../../../components/gift/gift-sheet.tsx';
import { GiftWaiting, VoucherGone } from '../../../components/gift/gift-status.tsx';
import { GiftCardActions, GiftCardAdded } from '../components/gift-card-voucher.tsx';
import { useGiftCardValue } from '../components/use-gift-card-value.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { VoucherHero } from '../../../components/voucher/voucher-art.tsx';
import { VoucherCounterCode } from '../components/voucher-counter-code.tsx';
import { VoucherStatusBadge } from '../components/voucher-status-badge.tsx';
import { useKeptVoucherCode } from '../voucher-code-store.ts';
import '../../../components/voucher/voucher.css';
import '../vouchers.css';

/**
 * '/egifts/details/:egiftNumber': one voucher. While it is usable it shows its code as a QR code
 * and a barcode and asks the server every 2 seconds whether it still is, so a till's redemption
 * turns the page to "used" on its own; the counter redeems it here with the outlet's code. An
 * e-gift voucher has no code: it is added to the member's cards as a gift card instead.
 */
export function VoucherPage() {
  const { egiftNumber = '' } = useParams();
  const { t } = useTranslation('cards');
  const voucher = useVoucher(egiftNumber);
  // spec: app-core §2 Back: a voucher opened from a purchase goes back to its card's vouchers.
  const goBack = useBackNavigation('egifts-egiftId', voucher.data?.cardId);
  if (!egiftNumber) return <Redirect to={paths.egifts.href()} />;

  const content = () => {
    if (voucher.error) {
      if (voucher.error instanceof ApiError && voucher.error.status === 404) return <VoucherGone voucherId={egiftNumber} error={voucher.error} />;
      return (
        <div role="alert" className="voucher-wallet__error">
          <p>{describeApiError(voucher.error) ?? t('vouchers.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void voucher.refetch()}>
            {t('vouchers.retry')}
          </Button>
        </div>
      );
    }
    if (!voucher.data) {
      return (
        <LoadingRegion label={t('vouchers.detail.loading')} className="voucher-wallet__skeleton">
          <Skeleton shape="block" height="6rem" />
          <Skeleton shape="block" height="18rem" />
          <Skeleton shape="block" height="3rem" />
        </LoadingRegion>
      );
    }
    return <VoucherLoaded voucher={voucher.data} />;
  };

  return (
    <AppLayout header={<Header title={voucher.data?.template.name ?? t('vouchers.detail.title')} onBack={goBack} />}>
      <div className="voucher-page">{content()}</div>
    </AppLayout>
  );
}

function VoucherLoaded({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const [redeeming, setRedeeming] = useState(false);
  const [giving, setGiving] = useState(false);
  // A voucher on its way to a friend cannot be used; its page shows the gift instead of the code.
  const giftPending = voucher.gift?.status === 'pending';
  const hide = useSetVoucherHidden(voucher.id);
  const keptCode = useKeptVoucherCode(voucher.id);
  const giftCardValue = useGiftCardValue(voucher.giftCard);
  const { template, giftCard } = voucher;
  const inStore = template.usableAt !== 'ecommerce';
  const online = template.usableAt !== 'in_store';
  // A code the server keeps only as a hash is answered once: after that, this phone's copy or none.
  const code = voucher.code ?? (voucher.codeKept === 'device' ? keptCode : null);
  const usable = voucher.status === 'active' && !giftPending;
  const counterShown = usable && !giftCard && (code !== null || voucher.codeKept === 'device');
  // The status line is announced when the voucher changes under the member's eyes (a till used it).
  const [firstStatus] = useState(voucher.status);
  const changedLive = firstStatus !== voucher.status;

  const toggleHidden = () =>
    hide.mutate(!voucher.isHidden, {
      onSuccess: (changed) => toast.success(t(changed.isHidden ? 'vouchers.detail.hiddenDone' : 'vouchers.detail.shownDone')),
      onError: (error) => {
        const message = describeApiError(error);
        if (message) toast.error(message);
      },
    });

  const badge = () => {
    if (giftPending) return <Badge tone="brand">{t('vouchers.gift.badge')}</Badge>;
    if (giftCard?.cardId) return <Badge tone="success">{t('vouchers.giftCard.inCards')}</Badge>;
    return <VoucherStatusBadge status={voucher.status} />;
  };

  return (
    <>
      <VoucherHero template={template} giftCardValue={giftCardValue} />

      <div className="voucher-state" role="status" aria-live="polite" aria-atomic="true">
        {badge()}
        <StateLine voucher={voucher} announce={changedLive} />
      </div>

      {giftPending ? <GiftWaiting voucher={voucher} /> : null}

      {usable && giftCard && !giftCard.cardId ? <GiftCardActions voucher={voucher} onGive={() => setGiving(true)} /> : null}
      {giftCard?.cardId ? <GiftCardAdded cardId={giftCard.cardId} /> : null}

      {counterShown ? (
        <>
          {/* A voucher for online orders is chosen at checkout: a code to scan would only mislead a cashier. */}
          {inStore ? <VoucherCounterCode voucher={voucher} code={code} /> : null}
          {/* Without the code on this phone, its own note says how the counter goes on. */}
          {code !== null || !inStore ? <p className="voucher-page__hint">{inStore ? t('vouchers.detail.showAtCounter') : t('vouchers.detail.onlineOnly')}</p> : null}
          <div className="voucher-page__actions">
            {inStore ? (
              <Button block onClick={() => setRedeeming(true)}>
                {t('vouchers.detail.use')}
              </Button>
            ) : null}
            <Button block variant="secondary" onClick={() => setGiving(true)}>
              {t('vouchers.gift.open')}
            </Button>
            {online ? (
              <ButtonLink block variant={inStore ? 'secondary' : 'primary'} to={paths.cardCatalogs.href({ cardId: voucher.cardId })}>
                {t('vouchers.detail.goShop')}
              </ButtonLink>
            ) : null}
          </div>
        </>
      ) : null}

      <dl className="voucher-facts">
        <div>
          <dt>{voucher.status === 'expired' ? t('vouchers.detail.expiredAt') : t('vouchers.detail.validUntil')}</dt>
          <dd>{dates.moment(voucher.expiresAt)}</dd>
        </div>
        <div>
          <dt>{t('vouchers.detail.issuedAt')}</dt>
          <dd>{dates.moment(voucher.issuedAt)}</dd>
        </div>
        {voucher.description ? (
          <div>
            <dt>{t('vouchers.detail.description')}</dt>
            <dd className="voucher-facts__prose">{voucher.description}</dd>
          </div>
        ) : null}
        {voucher.terms ? (
          <div>
            <dt>{t('vouchers.detail.terms')}</dt>
            <dd className="voucher-facts__prose">{voucher.terms}</dd>
          </div>
        ) : null}
      </dl>

      <Button variant="link" className="voucher-page__hide" loading={hide.isPending} onClick={toggleHidden}>
        {voucher.isHidden ? t('vouchers.detail.show') : t('vouchers.detail.hide')}
      </Button>

      {giving ? <GiftSheet voucher={voucher} onClose={() => setGiving(false)} /> : null}
      {redeeming ? (
        <RedeemSheet
          voucher={voucher}
          onClose={() => setRedeeming(false)}
          onRedeemed={(used) => {
            setRedeeming(false);
            toast.success(t('vouchers.redeem.done', { place: used.usedPlace ?? '' }));
          }}
        />
      ) : null}
    </>
  );
}

/** What the voucher's status means now: when and where it was used, why it cannot be. */
function StateLine({ voucher, announce }: { voucher: Voucher; announce: boolean }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  if (voucher.giftCard?.cardId) {
    return <p className="voucher-state__text">{t('vouchers.giftCard.addedOn', { date: voucher.usedAt ? dates.moment(voucher.usedAt) : '' })}</p>;
  }
  switch (voucher.status) {
    case 'used':
      return (
        <p className="voucher-state__text">
          {announce ? <span className="visually-hidden">{t('vouchers.detail.justUsed')} </span> : null}
          {voucher.usedAt && voucher.usedPlace
            ? t('vouchers.usedAt', { date: dates.moment(voucher.usedAt), place: voucher.usedPlace })
            : t('vouchers.usedOn', { date: voucher.usedAt ? dates.moment(voucher.usedAt) : '' })}
        </p>
      );
    case 'expired':
      return <p className="voucher-state__text">{t('vouchers.detail.expired')}</p>;
    case 'suspended':
      return <p className="voucher-state__text">{t('vouchers.detail.suspended')}</p>;
    case 'pending':
      return <p className="voucher-state__text">{t('vouchers.detail.pending')}</p>;
    default:
      return <p className="voucher-state__text">{t('vouchers.validUntil', { date: dates.day(voucher.expiresAt) })}</p>;
  }
}
