import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { CardListItem, CardView } from '@kartu/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useSite } from '../../../lib/site.tsx';
import type { CardAction } from '../api/card-actions.ts';
import { formatCardBalance } from '../card-balance.ts';
import { MoreIcon, PopupMenu } from './popup-menu.tsx';

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
}

/** One card in the wallet: brand colours, program, balance in its unit, level, and its actions. */
export function CardTile({ card, view, onAction, busy }: CardTileProps) {
  const { t } = useTranslation('cards');
  const { merchant } = useSite();
  const titleId = `card-${card.id}-title`;
  return (
    <article className="card-tile" aria-labelledby={titleId} aria-busy={busy}>
      <Link className="card-tile__link" to={paths.cardDetail.href({ cardId: card.id })}>
        <span className="card-tile__top">
          {card.iconUrl ? <img className="card-tile__icon" src={card.iconUrl} alt="" width={40} height={40} /> : null}
          <span className="card-tile__names">
            <span className="card-tile__brand">{merchant.brand}</span>
            <span id={titleId} className="card-tile__program">
              {card.programName}
            </span>
          </span>
        </span>
        <span className="card-tile__balance">
          <span className="visually-hidden">{t('list.balance')} </span>
          {formatCardBalance(card.balance, merchant.currency)}
        </span>
        <span className="card-tile__bottom">
          <span className="card-tile__number">
            <span className="visually-hidden">{t('list.cardEnding')} </span>
            {`•••• ${card.no.slice(-4)}`}
          </span>
          {card.level ? (
            <Badge colour={card.level.color}>{card.level.name}</Badge>
          ) : null}
          {card.isCardActive ? null : <Badge tone="overlay">{t(`status.${card.status}`)}</Badge>}
        </span>
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

/** Placeholder tiles while the first page loads. */
export function CardTileSkeletons() {
  const { t } = useTranslation('cards');
  return (
    <div role="status" className="card-list__loading">
      <span className="visually-hidden">{t('list.loading')}</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="card-tile card-tile--skeleton skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}
