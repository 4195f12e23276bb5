import { useState } from 'react';
import type { CardDetail, GiftCard } from '@kartu/contracts';
import { formatCardNumber } from '@kartu/core';
import { Amount, formatAmount } from '../../../../components/ui/amount.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { ScanCode } from '../../../../components/ui/scan-code.tsx';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { useDates } from '../../../../lib/use-dates.ts';
import { useGiftCard } from '../../api/get-gift-card.ts';
import { ListSkeleton, LoadError } from '../activity/activity-states.tsx';
import { CardMenu } from '../card-menu.tsx';
import { GiftCardPayments } from './gift-card-payments.tsx';
import { PaySheet } from './pay-sheet.tsx';
import './gift-card.css';

/*
 * A gift card's page (docs/decisions/027-gift-cards.md): what is left of what it was loaded with, the
 * code a till scans, paying at the counter, and its latest payments. Loaded apart from the card
 * page, with the code encoders, only for cards of an `egift` program.
 */

/** The card page of a card whose program is `egift`, in place of the loyalty card's. */
export function GiftCardView({ card }: { card: CardDetail }) {
  const { t } = useTranslation('cards');
  const giftCard = useGiftCard(card.id);
  if (giftCard.isError) return <LoadError error={giftCard.error} onRetry={() => void giftCard.refetch()} />;
  if (!giftCard.data) return <ListSkeleton rows={3} label={t('giftCard.loading')} />;
  return <GiftCardLoaded card={card} giftCard={giftCard.data} />;
}

function GiftCardLoaded({ card, giftCard }: { card: CardDetail; giftCard: GiftCard }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const [paying, setPaying] = useState(false);
  const money = (minor: number) => formatAmount(minor, 'CASH', giftCard.currency);
  // What keeps it from paying: nothing left, or a card that is not active.
  const reason = giftCard.isUsable ? null : giftCard.balance === 0 ? t('giftCard.usedUp') : t('detail.notActive', { status: t(`status.${card.status}`) });
  const reasonId = 'gift-card-unusable';

  return (
    <div className="card-detail gift-card">
      <section className="balance-display" aria-labelledby="gift-card-balance-title">
        <h2 id="gift-card-balance-title" className="balance-display__label">
          {t('giftCard.balanceLabel')}
        </h2>
        <Amount as="p" className="balance-display__amount" amount={giftCard.balance} unit="CASH" currency={giftCard.currency} />
        <p className="balance-display__note">{t('giftCard.leftOf', { balance: money(giftCard.balance), faceValue: money(giftCard.faceValue) })}</p>
        <span className="gift-card__meter" aria-hidden="true">
          <span className="gift-card__meter-fill" style={{ inlineSize: `${Math.min(100, (giftCard.balance / giftCard.faceValue) * 100)}%` }} />
        </span>
      </section>

      {giftCard.isUsable ? (
        <>
          <ScanCode
            value={giftCard.payCode}
            labels={{
              qr: t('giftCard.qrLabel', { code: giftCard.payCode }),
              barcode: t('giftCard.barcodeLabel', { code: giftCard.payCode }),
              code: t('giftCard.payCode'),
              showBigger: t('giftCard.showBigger'),
              close: t('giftCard.pay.close'),
              title: giftCard.programName,
              hint: t('qr.brightnessHint'),
            }}
          />
          <p className="gift-card__hint">{t('giftCard.showAtTill')}</p>
        </>
      ) : null}

      <div className="card-detail__actions">
        <Button block disabled={!giftCard.isUsable} aria-describedby={reason ? reasonId : undefined} onClick={() => setPaying(true)}>
          {t('giftCard.payAtCounter')}
        </Button>
        {reason ? (
          <p id={reasonId} className="gift-card__unusable" role="note">
            {reason}
          </p>
        ) : null}
      </div>

      <GiftCardPayments cardId={giftCard.cardId} charges={giftCard.charges} currency={giftCard.currency} />

      <dl className="gift-card__facts">
        <div>
          <dt>{t('list.cardNumber')}</dt>
          <dd>{formatCardNumber(giftCard.number)}</dd>
        </div>
        <div>
          <dt>{t('giftCard.addedOn')}</dt>
          <dd>{dates.moment(giftCard.activatedAt)}</dd>
        </div>
      </dl>

      <CardMenu card={card} />

      {paying ? <PaySheet giftCard={giftCard} onClose={() => setPaying(false)} /> : null}
    </div>
  );
}
