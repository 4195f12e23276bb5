import { useNavigate, useParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { PodiumIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useCardTargets } from '../../../lib/targets.ts';
import { TargetCard } from '../components/target-card.tsx';
import { TargetsLoadError, TargetsSkeleton } from '../components/target-states.tsx';
import '../targets.css';

/**
 * '/cards/:cardId/target-achievement' (app-core §2 target-achievement): the card program's targets
 * running now, each with its progress in the current window and its reward. Back leads to the card.
 */
export function TargetsPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('targets');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const targets = useCardTargets(cardId);
  if (!targets.data && isNotFound(targets.error)) throw new PageNotFoundError(common('errors.CARD_NOT_FOUND'));
  return (
    <AppLayout header={<Header title={t('title')} onBack={() => void navigate(paths.cardDetail.href({ cardId }))} />}>
      <div className="targets-page">
        {targets.data ? (
          targets.data.length > 0 ? (
            <ul className="targets-list">
              {targets.data.map((target) => (
                <li key={target.id}>
                  <TargetCard target={target} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState illustration={<PodiumIllustration />} title={t('empty.title')} message={t('empty.message')} />
          )
        ) : targets.isError ? (
          <TargetsLoadError error={targets.error} onRetry={() => void targets.refetch()} />
        ) : (
          <TargetsSkeleton />
        )}
      </div>
    </AppLayout>
  );
}
