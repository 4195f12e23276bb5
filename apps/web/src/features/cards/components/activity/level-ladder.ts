import type { CardDetail, Level } from '@kartu/contracts';

export type StepState = 'done' | 'active' | 'upcoming';
export type LevelStep = { level: Level; state: StepState };

/** Used when a merchant leaves a level's colour empty: the first four default colours are fixed (spec: app-core §3 Level). */
const defaultColors = ['#b87333', '#a8a9ad', '#d4af37', '#6a7fdb'] as const;

export function levelColor(level: Level, index: number): string {
  return level.color.trim() !== '' ? level.color : (defaultColors[index % defaultColors.length] ?? defaultColors[0]);
}

/**
 * The program's levels from the lowest, each marked done, active (the member's) or upcoming:
 * the stepper of spec app-core §4 Level progress.
 */
export function levelSteps(card: Pick<CardDetail, 'levels' | 'levelProgress'>): LevelStep[] {
  const levels = [...card.levels].sort((a, b) => a.experience - b.experience);
  const currentName = card.levelProgress.current?.name ?? levels.find((level) => level.isActive)?.name ?? null;
  const currentIndex = currentName === null ? -1 : levels.findIndex((level) => level.name === currentName);
  return levels.map((level, index) => ({
    level,
    state: index < currentIndex ? 'done' : index === currentIndex ? 'active' : 'upcoming',
  }));
}

/** 0–100, as the progress bar reads it out. */
export function progressPercent(progress: number): number {
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

/** Experience still missing for the next level, never below 0. */
export function experienceToNext(card: Pick<CardDetail, 'levelProgress'>): number | null {
  const { next, lifetimeExperience } = card.levelProgress;
  return next ? Math.max(0, next.experience - lifetimeExperience) : null;
}

/**
 * The highest level that lifetime experience reaches but that is not the member's: reached but not
 * kept, for want of experience within the retention period (spec: app-core §3 Level retentionExperience).
 */
export function levelNotKept(card: Pick<CardDetail, 'levels' | 'levelProgress'>): Level | null {
  const { current, lifetimeExperience } = card.levelProgress;
  const reached = [...card.levels]
    .sort((a, b) => a.experience - b.experience)
    .filter((level) => level.experience <= lifetimeExperience && (current === null || level.experience > current.experience));
  return reached.at(-1) ?? null;
}
