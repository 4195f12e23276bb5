import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { CardView } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useSite } from '../../../lib/site.tsx';

/** What a view says when it holds no card; the active view offers to add one. */
export function EmptyCards({ view }: { view: CardView }) {
  const { t } = useTranslation('cards');
  const { merchant } = useSite();
  return (
    <section className="card-list__empty" aria-labelledby="card-list-empty-title">
      <svg className="card-list__empty-picture" viewBox="0 0 96 72" aria-hidden="true" focusable="false">
        <rect x="6" y="10" width="72" height="48" rx="8" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="6 5" />
        <rect x="18" y="18" width="72" height="48" rx="8" fill="var(--color-surface)" stroke="currentColor" strokeWidth="3" />
        <path d="M18 32h72" stroke="currentColor" strokeWidth="3" />
      </svg>
      <h2 id="card-list-empty-title">
        {t(`list.empty.${view}.title`)}
      </h2>
      <p className="muted">{t(`list.empty.${view}.message`, { brand: merchant.brand })}</p>
      {view === 'active' ? (
        <Link className="btn btn-primary" to={paths.addCard.href()}>
          {t('list.addCard')}
        </Link>
      ) : null}
    </section>
  );
}
