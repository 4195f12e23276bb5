import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { CardDetail } from '@kartu/contracts';
import { paths, type RoutePath } from '../../../config/paths.ts';
import { cardMenuItems, type CardMenuPage } from '../card-menu-items.ts';

const pathOf: Record<CardMenuPage, RoutePath<`/cards/:cardId/${CardMenuPage}`>> = {
  'transaction-history': paths.cardTransactionHistory,
  'transfer-point': paths.cardTransferPoint,
  'claim-rewards': paths.cardClaimRewards,
  levels: paths.cardLevels,
};

/** The card's pages, in the program's order, as the card's visual attributes allow. */
export function CardMenu({ card }: { card: Pick<CardDetail, 'id' | 'menus' | 'visualAttributes' | 'claimableRewards'> }) {
  const { t } = useTranslation('cards');
  const items = cardMenuItems(card);
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('menu.label')}>
      <ul className="card-menu">
        {items.map((item) => {
          const badge = item === 'claim-rewards' && card.claimableRewards > 0 ? card.claimableRewards : null;
          return (
            <li key={item}>
              <Link
                className="card-menu__item"
                to={pathOf[item].href({ cardId: card.id })}
                aria-label={badge === null ? undefined : `${t(`menu.${item}`)}, ${t('menu.claimable', { count: badge })}`}
              >
                <span>{t(`menu.${item}`)}</span>
                {badge !== null ? (
                  <span className="card-menu__badge" aria-hidden="true">
                    {badge}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
