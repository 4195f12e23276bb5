import { useTranslation } from '../../../lib/i18n.tsx';
import { useParams } from 'react-router';
import { formatNumber } from '@kartu/core';
import { ActivityLayout } from '../components/activity/activity-layout.tsx';
import { ListSkeleton } from '../components/activity/activity-states.tsx';
import { levelColor, levelSteps } from '../components/activity/level-ladder.ts';
import { LevelProgress } from '../components/activity/level-progress.tsx';
import { useActivityCard } from '../components/activity/use-activity-card.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { PodiumIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** '/cards/:cardId/levels': every level of the program, what it takes to reach and keep it, and where the member stands. */
export function LevelsPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('cards');
  const { card, ready, loadError } = useActivityCard(cardId, 'levels');
  const title = t('activity.levels.title');

  if (!ready || !card) {
    return (
      <ActivityLayout title={title} programName={card?.cardProgram.programName} cardError={loadError}>
        <ListSkeleton rows={3} label={t('activity.loading')} />
      </ActivityLayout>
    );
  }

  const formatXp = (xp: number) => formatNumber(xp, { thousandSeparator: card.currency.thousandSeparator });
  const steps = levelSteps(card);
  return (
    <ActivityLayout title={title} programName={card.cardProgram.programName}>
      {steps.length === 0 ? (
        <EmptyState illustration={<PodiumIllustration />} title={t('activity.levels.emptyTitle')} />
      ) : (
        <>
          <LevelProgress card={card} steps={steps} formatXp={formatXp} />
          <ul className="activity-levels" aria-label={t('activity.levels.listLabel')}>
            {steps.map(({ level, state }, index) => {
              const color = levelColor(level, index);
              return (
                <li key={level.name} className={`activity-level card-surface activity-level--${state}`} aria-current={state === 'active' ? 'true' : undefined}>
                  <Badge colour={color} className="activity-level__chip">
                    {level.name}
                  </Badge>
                  {state === 'active' ? <span className="activity-level__yours">{t('activity.levels.yours')}</span> : null}
                  <dl className="activity-facts">
                    <dt>{t('activity.levels.experience')}</dt>
                    <dd>{t('activity.levels.xp', { xp: formatXp(level.experience) })}</dd>
                    <dt>{t('activity.levels.retention')}</dt>
                    <dd>{t('activity.levels.xp', { xp: formatXp(level.retentionExperience) })}</dd>
                  </dl>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </ActivityLayout>
  );
}
