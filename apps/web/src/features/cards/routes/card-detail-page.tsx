import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useCard } from '../api/get-card.ts';
import { useCardVoucherCount } from '../api/get-card-voucher-count.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { showsShopButton } from '../card-menu-items.ts';
import { CardBalancePanel } from '../components/card-balance-panel.tsx';
import { CardDetailSkeleton } from '../components/card-detail-skeleton.tsx';
import { CardHeader } from '../components/card-header.tsx';
import { CardLoadError } from '../components/card-load-error.tsx';
import { CardMenu } from '../components/card-menu.tsx';
import { CardBannerRow } from '../components/banners/card-banner-row.tsx';
import { InAppBanner } from '../components/banners/in-app-banner.tsx';
import { CardTour } from '../components/card-tour.tsx';
import { useCardTourSeen } from '../card-tour-store.ts';
import { useSite } from '../../../lib/site.tsx';
import { recordCardView } from '../api/record-card-view.ts';
import { LevelStepper } from '../components/level-stepper.tsx';
import { SubscriptionNotice } from '../components/subscription-notice.tsx';
import { useSingleCardMode } from '../use-single-card-mode.ts';
import '../components/cards.css';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';

// The QR encoder downloads only when the member opens the card's code.
const CardQrModal = lazy(() => import('../components/card-qr-modal.tsx').then((module) => ({ default: module.CardQrModal })));
// A gift card's page, with its code encoders, downloads only for a card of an `egift` program.
const GiftCardView = lazy(() => import('../components/gift-card/gift-card-view.tsx').then((module) => ({ default: module.GiftCardView })));

// spec: app-core §2 /cards/{cardId}, §3 Card detail, §4 Level progress and Single-card mode, §8 card detail load.
export function CardDetailPage() {
  const { t } = useTranslation('cards');
  // spec: app-core §2 Back button behaviour: from card detail, back goes to /cards.
  const goBack = useBackNavigation('card-detail');
  const navigate = useNavigate();
  const { cardId = '' } = useParams();
  const { data: card, error, isError } = useCard(cardId);
  const singleCard = useSingleCardMode();
  const [showQr, setShowQr] = useState(false);
  const { merchant } = useSite();
  const tourSeen = useCardTourSeen();
  // A page opened from a push shows the push's own modal: the tour waits for the next visit.
  const [searchParams] = useSearchParams();
  const fromPush = searchParams.has('push');
  const loadedCardId = card?.id;
  useEffect(() => {
    if (loadedCardId) recordCardView(loadedCardId);
  }, [loadedCardId]);

  if (isError) return <CardLoadError error={error} />;
  const giftCard = card?.programType === 'egift';

  return (
    <AppLayout
      header={
        <CardHeader
          title={card?.cardProgram.programName ?? t('detail.title')}
          onBack={singleCard ? undefined : goBack}
          // The header's QR button opens the scanner from this card; 'Show card' shows the card's own code.
          onShowQr={() => void navigate(paths.qrcodeScanner.href({ cardId }))}
          singleCard={singleCard}
        />
      }
    >
      {card && giftCard ? (
        <Suspense fallback={<CardDetailSkeleton />}>
          <GiftCardView card={card} />
        </Suspense>
      ) : card ? (
        <div className="card-detail">
          <CardBalancePanel card={card} />
          <SubscriptionNotice card={card} />
          {card.registration.required && !card.registration.completed ? (
            <Link className="card-notice" to={paths.cardRegister.href({ cardId: card.id })}>
              <strong>{t('detail.registerTitle')}</strong>
              <span>{t('detail.registerMessage')}</span>
            </Link>
          ) : null}
          <div className="card-detail__actions">
            <Button onClick={() => setShowQr(true)}>
              {t('detail.showCard')}
            </Button>
            {showsShopButton(card) ? (
              <ButtonLink variant="secondary" to={paths.cardShop.href({ cardId: card.id })}>
                {t('detail.shop')}
              </ButtonLink>
            ) : null}
          </div>
          {showsShopButton(card) ? (
            <div className="card-detail__links">
              <Link className="card-detail__orders" to={paths.cardOrders.href({ cardId: card.id })}>
                {t('detail.orders')}
              </Link>
              <CardVouchersLink cardId={card.id} />
            </div>
          ) : null}
          <InAppBanner cardId={card.id} />
          <CardBannerRow cardId={card.id} />
          <LevelStepper card={card} />
          <CardMenu card={card} />
          {showQr || tourSeen || fromPush ? null : <CardTour brand={merchant.brand} />}
        </div>
      ) : (
        <CardDetailSkeleton />
      )}
      {card && showQr ? (
        <Suspense fallback={<div className="card-qr-modal" role="status" aria-label={t('qr.loading')} />}>
          <CardQrModal cardNumber={card.no} programName={card.cardProgram.programName} onClose={() => setShowQr(false)} />
        </Suspense>
      ) : null}
    </AppLayout>
  );
}

/** The card's way to its e-vouchers, with how many are usable on it (cardEgiftsCount; 0 when it fails). */
function CardVouchersLink({ cardId }: { cardId: string }) {
  const { t } = useTranslation('cards');
  const { data: count = 0 } = useCardVoucherCount(cardId);
  return (
    <Link className="card-detail__orders" to={paths.cardVouchers.href({ cardId })} aria-label={count > 0 ? t('list.myVouchersCount', { count }) : undefined}>
      {t('detail.vouchers')}
      {count > 0 ? <Badge tone="brand">{count > 99 ? '99+' : count}</Badge> : null}
    </Link>
  );
}
