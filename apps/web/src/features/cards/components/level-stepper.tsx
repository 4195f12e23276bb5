import { useTranslation } from '../../../lib/i18n.tsx';
import type { CardDetail } from '@kartu/contracts';
import { formatNumber } from '@kartu/core';
import { legibleFill } from '@kartu/core';

type StepState = 'done' | 'active' | 'upcoming';

/** Levels below the current one are done, the current one is active (spec: app-core §4 Level progress). */
export function levelStepStates(card: Pick<CardDetail, 'levels' | 'levelProgress'>): StepState[] {
  const currentIndex = card.levels.findIndex((level) => level.name === card.levelProgress.current?.name);
  return card.levels.map((_level, index) => (index < currentIndex ? 'done' : index === currentIndex ? 'active' : 'upcoming'));
}

export function LevelStepper({ card }: { card: Pick<CardDetail, 'levels' | 'levelProgress' | 'currency'> }) {
  const { t } = useTranslation('cards');
  const { levels, levelProgress } = card;
  if (levels.length === 0) return null;
  const states = levelStepStates(card);
  const percent = Math.round(levelProgress.progress * 100);
  const next = levelProgress.next;
  const toGo = next ? Math.max(0, next.experience - levelProgress.lifetimeExperience) : 0;
  const number = (value: number) => formatNumber(value, { thousandSeparator: card.currency.thousandSeparator });

  return (
    <section className="level-stepper" aria-labelledby="level-stepper-title">
      <h2 id="level-stepper-title" className="card-section__title">
        {levelProgress.current ? t('level.current', { level: levelProgress.current.name }) : t('level.none')}
      </h2>
      <ol className="level-stepper__steps">
        {levels.map((level, index) => {
          const state = states[index] ?? 'upcoming';
          return (
            <li key={level.name} className={`level-stepper__step is-${state}`} aria-current={state === 'active' ? 'step' : undefined}>
              <span
                className="level-stepper__dot"
                style={state === 'upcoming' ? undefined : fillStyle(level.color)}
                aria-hidden="true"
              >
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="level-stepper__name">{level.name}</span>
              <span className="visually-hidden">{t(`level.state.${state}`)}</span>
            </li>
          );
        })}
      </ol>
      {next ? (
        <>
          <div
            className="level-stepper__bar"
            role="progressbar"
            aria-label={t('level.progressLabel', { level: next.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="level-stepper__fill" style={{ width: `${percent}%`, background: next.color }} />
          </div>
          <p className="muted level-stepper__hint">{t('level.toGo', { amount: number(toGo), level: next.name })}</p>
        </>
      ) : (
        <p className="muted level-stepper__hint">{t('level.top')}</p>
      )}
    </section>
  );
}

function fillStyle(colour: string) {
  const pair = legibleFill(colour);
  return { background: pair.background, color: pair.text };
}
