import type { CSSProperties } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import type { CardDetail } from '@kartu/contracts';
import { experienceToNext, levelColor, levelNotKept, progressPercent, type LevelStep } from './level-ladder.ts';

export type LevelProgressProps = {
  card: Pick<CardDetail, 'levels' | 'levelProgress'>;
  steps: LevelStep[];
  formatXp: (xp: number) => string;
};

/**
 * The experience of the retention period: what keeps the current level, and what would bring back
 * a level reached but not kept.
 */
function useRetentionLines(card: LevelProgressProps['card'], formatXp: (xp: number) => string): string[] {
  const { t } = useTranslation('cards');
  const { current, earnedInRetentionPeriod, retentionPeriodDays: days } = card.levelProgress;
  const xp = formatXp(earnedInRetentionPeriod);
  const lines = [
    current && current.retentionExperience > 0
      ? t('activity.levels.retentionKeep', { days, xp, level: current.name, retention: formatXp(current.retentionExperience) })
      : t('activity.levels.retentionEarned', { days, xp }),
  ];
  const notKept = levelNotKept(card);
  if (notKept) lines.push(t('activity.levels.retentionRegain', { days, level: notKept.name, retention: formatXp(notKept.retentionExperience) }));
  return lines;
}

/** The member's place on the ladder: a stepper of every level, and a bar towards the next one. */
export function LevelProgress({ card, steps, formatXp }: LevelProgressProps) {
  const { t } = useTranslation('cards');
  const { current, next, lifetimeExperience, progress } = card.levelProgress;
  const percent = progressPercent(progress);
  const missing = experienceToNext(card);
  const label = next && missing !== null ? t('activity.levels.toNext', { xp: formatXp(missing), level: next.name }) : t('activity.levels.top');
  const retention = useRetentionLines(card, formatXp);

  return (
    <div className="activity-level-progress card-surface">
      <p className="activity-level-progress__xp">
        {t('activity.levels.lifetime', { xp: formatXp(lifetimeExperience) })}
      </p>
      <p className="muted">{current ? t('activity.levels.current', { level: current.name }) : t('activity.levels.noLevel')}</p>
      {retention.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
      <ol className="level-stepper" aria-label={t('activity.levels.stepperLabel')}>
        {steps.map(({ level, state }, index) => (
          <li
            key={level.name}
            className={`level-stepper__step level-stepper__step--${state}`}
            aria-current={state === 'active' ? 'step' : undefined}
            style={{ '--level-color': levelColor(level, index) } as CSSProperties}
          >
            <span className="level-stepper__dot" aria-hidden="true" />
            <span className="level-stepper__name">{level.name}</span>
            <span className="visually-hidden">{t(`activity.levels.state.${state}`)}</span>
          </li>
        ))}
      </ol>
      <div
        className="level-bar"
        role="progressbar"
        aria-label={t('activity.levels.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <span className="level-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted">{label}</p>
    </div>
  );
}
