import { useNavigate, useParams } from 'react-router';
import type { Target } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { useTarget } from '../api/get-target.ts';
import { AchievedBadge } from '../components/achieved-badge.tsx';
import { TargetProgress } from '../components/target-progress.tsx';
import { TargetsLoadError, TargetsSkeleton } from '../components/target-states.tsx';
import { useTargetWords } from '../use-target-words.ts';
import '../targets.css';

/**
 * '/cards/:cardId/target-achievement/:missionId' (app-core §2 target-achievement/{missionId?}): one
 * target in full, with its window, what is left, and whether it starts again. Back leads to the list.
 */
export function TargetPage() {
  const { cardId = '', missionId = '' } = useParams();
  const { t } = useTranslation('targets');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const target = useTarget(cardId, missionId);
  if (!target.data && isNotFound(target.error)) throw new PageNotFoundError(common('errors.TARGET_NOT_FOUND'));
  return (
    <AppLayout
      header={<Header title={target.data?.name ?? t('detail.title')} onBack={() => void navigate(paths.cardTargets.href({ cardId }))} />}
    >
      <div className="targets-page">
        {target.data ? (
          <TargetDetail target={target.data} />
        ) : target.isError ? (
          <TargetsLoadError error={target.error} onRetry={() => void target.refetch()} />
        ) : (
          <TargetsSkeleton count={1} />
        )}
      </div>
    </AppLayout>
  );
}

function TargetDetail({ target }: { target: Target }) {
  const { t } = useTranslation('targets');
  const dates = useDates();
  const words = useTargetWords(target);
  return (
    <article className="target-detail">
      <div className="target-card__head">
        <p className="target-detail__goal">{words.goal}</p>
        {target.achieved ? <AchievedBadge /> : null}
      </div>
      {target.description ? <p className="target-detail__description">{target.description}</p> : null}
      <TargetProgress words={words} label={t('progressLabel', { name: target.name })} large />
      <p className="target-detail__left">{words.left}</p>
      <p className="target-detail__reward">{words.reward}</p>
      <dl className="target-detail__facts">
        <div>
          <dt>{t('detail.window')}</dt>
          <dd>{words.window}</dd>
        </div>
        {target.achievedAt ? (
          <div>
            <dt>{t('detail.achievedAt')}</dt>
            <dd>{dates.day(target.achievedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {/* business-rules §3: a yearly or cycle target counts again from zero in its next window. */}
      {target.period === 'period' ? null : <p className="target-detail__repeat">{t(`repeat.${target.period}`, { date: words.lastDay })}</p>}
    </article>
  );
}
