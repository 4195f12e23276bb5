import { useId } from 'react';
import { Link } from 'react-router';
import { billCategories } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { BillKindIcon } from './bill-kind-icon.tsx';

/** The kinds a card pays, as a grid of tiles, each opening its own page. */
export function BillKindTiles({ cardId }: { cardId: string }) {
  const { t } = useTranslation('bills');
  const headingId = useId();
  return (
    <section className="bill-kinds" aria-labelledby={headingId}>
      <h2 id={headingId} className="bills-section__title">
        {t('kinds.title')}
      </h2>
      <ul className="bill-kinds__grid">
        {billCategories.map((category) => (
          <li key={category}>
            <Link className="bill-kind" to={paths.cardBillCategory.href({ cardId, category })}>
              <span className="bill-kind__icon">
                <BillKindIcon category={category} />
              </span>
              <span className="bill-kind__name">{t(`kinds.${category}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
