import { useTranslation } from '../../../lib/i18n.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';

/** The card page while it loads: its balance panel, its main button and its menu, at their sizes. */
export function CardDetailSkeleton() {
  const { t } = useTranslation('cards');
  return (
    <LoadingRegion label={t('detail.loading')} className="card-detail">
      <Skeleton shape="block" height="112px" />
      <Skeleton shape="block" height="48px" />
      <Skeleton shape="block" height="160px" />
    </LoadingRegion>
  );
}
