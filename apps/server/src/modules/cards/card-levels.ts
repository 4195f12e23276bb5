import type { Level } from '@kartu/contracts';
import { levelProgress } from '../programs/levels.ts';
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

/** The program's levels as the card page shows them: the one the card's lifetime earnings reach is active. */
export function cardLevels(programLevels: ProgramLevelRow[], lifetimeEarned: bigint): CardLevels {
  const ordered = [...programLevels].sort((a, b) => a.rank - b.rank);
  const standing = levelProgress(ordered, lifetimeEarned);
  const levels = ordered.map((level, position) => ({
    name: level.name,
    color: levelColor(level, position),
    isActive: level === standing.current,
    experience: toJsonNumber(level.experience),
    retentionExperience: toJsonNumber(level.retentionExperience ?? 0n),
  }));
  const shown = (level: ProgramLevelRow | undefined) => (level ? (levels[ordered.indexOf(level)] ?? null) : null);
  // With no levels at all there is nothing to progress towards.
  const progress = ordered.length === 0 ? 0 : standing.progress;
  return { levels, current: shown(standing.current), next: shown(standing.next), progress };
}
