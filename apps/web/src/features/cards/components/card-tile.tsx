import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { CardListItem, CardView } from '@kartu/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { CardFace } from '../../../components/ui/card-face.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useSite } from '../../../lib/site.tsx';
import type { CardAction } from '../api/card-actions.ts';
import { formatAmount } from '../../../components/ui/amount.tsx';
import { MoreIcon } from '../../../components/layout/icons.tsx';
import { PopupMenu } from '../../../components/ui/popup-menu.tsx';

/** Which moves a card can make from each view (spec: business-rules §4 hidden, archived cards). */
export const actionsByView: Record<CardView, CardAction[]> = {
  active: ['hide', 'archive'],
  hidden: ['unhide', 'archive'],
  archived: ['unarchive'],
};

export interface CardTileProps {
  card: CardListItem;
  view: CardView;
  onAction: (action: CardAction) => void;
  busy: boolean;
  /** How soon the card's art is fetched (see CardFace). */
  artLoading?: 'priority' | 'eager' | 'lazy';
}

/**
 * One card in the wallet: brand colours, program, balance in its unit, level, and its actions. A
 * gift card (type eGift) says so, its balance the money left on it.
 */
export function CardTile({ card, view, onAction, busy, artLoading = 'lazy' }: CardTileProps) {
  const { t } = useTranslation('cards');
  const { merchant } = useSite();
  const titleId = `card-${card.id}-title`;
  const giftCard = card.type === 'eGift';
  return (
    <article className="card-tile" aria-labelledby={titleId} aria-busy={busy}>
      <Link className="card-tile__link" to={paths.cardDetail.href({ cardId: card.id })}>
        <CardFace
          brand={merchant.brand}
          programName={card.programName}
          titleId={titleId}
          iconUrl={card.iconUrl}
          art={card.cardArt}
          artLoading={artLoading}
          balance={formatAmount(card.balance.amount, card.balance.unit, merchant.currency)}
          balanceLabel={t(giftCard ? 'list.giftCardBalance' : 'list.balance')}
          number={card.no}
          numberLabel={t('list.cardNumber')}
          badges={
            <>
              {giftCard ? <Badge tone="overlay">{t('list.giftCard')}</Badge> : null}
              {card.level ? <Badge colour={card.level.color}>{card.level.name}</Badge> : null}
              {card.isCardActive ? null : <Badge tone="overlay">{t(`status.${card.status}`)}</Badge>}
            </>
          }
        />
      </Link>
      <div className="card-tile__menu">
        <PopupMenu
          label={t('list.actionsFor', { program: card.programName })}
          icon={<MoreIcon />}
          disabled={busy}
          items={actionsByView[view].map((action) => ({ label: t(`list.actions.${action}`), onSelect: () => onAction(action) }))}
        />
      </div>
    </article>
  );
}

/** Card-shaped placeholders while the first page loads: the same size as the cards, so nothing moves. */
export function CardTileSkeletons() {
  const { t } = useTranslation('cards');
  return (
    <LoadingRegion label={t('list.loading')} className="card-list__loading">
      {[0, 1].map((index) => (
        <div key={index} className="card-tile card-tile--skeleton" aria-hidden="true">
          <span className="card-tile__top">
            <Skeleton shape="circle" width="40px" height="40px" />
            <span className="card-tile__names">
              <Skeleton width="96px" />
              <Skeleton width="160px" height="1rem" />
            </span>
          </span>
          <Skeleton width="120px" height="1.75rem" />
          <Skeleton width="200px" />
        </div>
      ))}
    </LoadingRegion>
  );
}
