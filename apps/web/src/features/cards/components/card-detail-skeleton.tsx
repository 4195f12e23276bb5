import { useTranslation } from '../../../lib/i18n.tsx';

export function CardDetailSkeleton() {
  const { t } = useTranslation('cards');
  return (
    <div role="status" className="card-detail">
      <span className="visually-hidden">{t('detail.loading')}</span>
      <div className="skeleton card-balance card-balance--skeleton" aria-hidden="true" />
      <div className="skeleton skeleton--button" aria-hidden="true" />
      <div className="skeleton skeleton--block" aria-hidden="true" />
    </div>
  );
}
