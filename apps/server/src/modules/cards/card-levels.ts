import type { Level } from '@kartu/contracts';
import { levelProgress, levelWithRetention, type EarnedExperience } from '../programs/levels.ts';
import type { ProgramLevelRow } from '../programs/programs.table.ts';
import { toJsonNumber } from '../../lib/json-number.ts';

// spec: app-core §3 Level — the first four levels have fixed default colours (values not shown):
// bronze, silver, gold and platinum tones, for programs that set none.
const defaultLevelColors = ['#B87333', '#A7A9AC', '#D4AF37', '#6E7F99'] as const;
const fallbackLevelColor = '#4B5563';

/** A level's colour: its own, else the default for its position among the program's levels. */
export function levelColor(level: ProgramLevelRow, position: number): string {
  return level.color ?? defaultLevelColors[position] ?? fallbackLevelColor;
}

export interface CardLevels {
  levels: Level[];
  current: Level | null;
  next: Level | null;
  progress: number;
}

/**
 * The program's levels as the card page shows them. The active level is the highest one reached and
 * kept under retention (programs/levels.ts levelWithRetention); the next level and the progress
 * towards it stay on lifetime earnings, so a level reached but not kept is never "next".
 */
export function cardLevels(programLevels: ProgramLevelRow[], earned: EarnedExperience): CardLevels {
  const ordered = [...programLevels].sort((a, b) => a.rank - b.rank);
  const standing = levelProgress(ordered, earned.lifetimeEarned);
  const current = levelWithRetention(ordered, earned);
  const levels = ordered.map((level, position) => ({
    name: level.name,
    color: levelColor(level, position),
    isActive: level === current,
    experience: toJsonNumber(level.experience),
    retentionExperience: toJsonNumber(level.retentionExperience ?? 0n),
  }));
  const shown = (level: ProgramLevelRow | undefined) => (level ? (levels[ordered.indexOf(level)] ?? null) : null);
  // With no levels at all there is nothing to progress towards.
  const progress = ordered.length === 0 ? 0 : standing.progress;
  return { levels, current: shown(current), next: shown(standing.next), progress };
}
