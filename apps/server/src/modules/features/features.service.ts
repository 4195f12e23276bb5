import { featureKeys, type FeatureEligibility, type FeatureKey } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../db/uuid.ts';
import { listMemberCardsOfPrograms } from '../card-access/card-access.service.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { getCardFigures } from '../ledger/ledger.service.ts';
import { levelWithRetention, noEarnedExperience } from '../programs/levels.ts';
import { getProgram, getProgramLevels } from '../programs/programs.service.ts';
import { deleteFeatureLock, findFeatureLocks, upsertFeatureLock, type FeatureLockView } from './feature-locks.repository.ts';

/** The rank of the level each card holds now (programs/levels.ts levelWithRetention); 0 below the first level. */
export async function cardLevelRanks({ db, merchantId, cards, now }: { db: Database; merchantId: number; cards: CardRow[]; now: Date }): Promise<Map<string, number>> {
  const programIds = [...new Set(cards.map((card) => card.programId))];
  const [figures, ...levels] = await Promise.all([
    getCardFigures({ db, merchantId, cardIds: cards.map((card) => card.id), now }),
    ...programIds.map((programId) => getProgramLevels({ db, programId })),
  ]);
  const levelsOf = new Map(programIds.map((programId, index) => [programId, levels[index] ?? []]));
  return new Map(cards.map((card) => [card.id, levelWithRetention(levelsOf.get(card.programId) ?? [], figures.get(card.id) ?? noEarnedExperience)?.rank ?? 0]));
}

function eligibilityOf(lock: FeatureLockView | undefined, memberCards: CardRow[], ranks: Map<string, number>): Omit<FeatureEligibility, 'feature'> {
  if (!lock) return { isLocked: false, unlock: null };
  if (lock.programId === null || lock.minLevelRank === null) return { isLocked: true, unlock: { kind: 'closed' } };
  const { programId, minLevelRank } = lock;
  const cards = memberCards.filter((card) => card.programId === programId);
  if (cards.some((card) => card.status === 'active' && (ranks.get(card.id) ?? 0) >= minLevelRank)) return { isLocked: false, unlock: null };
  const shown = cards.find((card) => card.status === 'active') ?? cards[0];
  return {
    isLocked: true,
    unlock: { kind: 'level', programId, programName: lock.programName ?? '', levelName: lock.levelName ?? '', cardId: shown?.id ?? null },
  };
}

/**
 * Every feature of the app, locked or open for this member at the merchant (spec: app-core §7
 * api/users/feature-eligibilities; docs/decisions/033-feature-locks.md). A level lock opens when
 * any active card of its program holds that level or a higher one.
 */
export async function listFeatureEligibilities({ db, merchantId, userId, now }: { db: Database; merchantId: number; userId: string; now: Date }): Promise<FeatureEligibility[]> {
  const locks = await findFeatureLocks(db, merchantId);
  const programIds = [...new Set(locks.flatMap((lock) => (lock.programId ? [lock.programId] : [])))];
  const memberCards = await listMemberCardsOfPrograms({ db, merchantId, userId, programIds });
  const ranks = await cardLevelRanks({ db, merchantId, cards: memberCards, now });
  return featureKeys.map((feature) => ({ feature, ...eligibilityOf(locks.find((lock) => lock.feature === feature), memberCards, ranks) }));
}

/**
 * Refuses what a feature locked for this member would do, by the same rule as the list: 403
 * FEATURE_LOCKED. The app hides a locked feature's pages; this keeps its actions shut for any client.
 */
export async function assertFeatureOpen({ db, merchantId, userId, feature, now }: { db: Database; merchantId: number; userId: string; feature: FeatureKey; now: Date }): Promise<void> {
  const lock = (await findFeatureLocks(db, merchantId)).find((row) => row.feature === feature);
  if (!lock) return;
  const memberCards = lock.programId ? await listMemberCardsOfPrograms({ db, merchantId, userId, programIds: [lock.programId] }) : [];
  const ranks = await cardLevelRanks({ db, merchantId, cards: memberCards, now });
  if (eligibilityOf(lock, memberCards, ranks).isLocked) throw new AppError('FEATURE_LOCKED');
}

export interface LockFeatureOptions {
  db: Database;
  merchantId: number;
  feature: FeatureKey;
  /** With a level rank: the program whose level opens the feature. Without both: closed to all. */
  level?: { programId: string; rank: number };
  now: Date;
}

/** Closes a feature to the merchant's members, or to those below a level; replaces the feature's lock. */
export async function lockFeature({ db, merchantId, feature, level, now }: LockFeatureOptions): Promise<void> {
  if (level) {
    if (!isUuid(level.programId)) throw new AppError('NOT_FOUND', { message: 'Program not found' });
    await getProgram({ db, merchantId, programId: level.programId });
    const levels = await getProgramLevels({ db, programId: level.programId });
    if (!levels.some((row) => row.rank === level.rank)) throw new AppError('VALIDATION_FAILED', { message: `The program has no level of rank ${level.rank}` });
  }
  await upsertFeatureLock(db, { merchantId, feature, programId: level?.programId ?? null, minLevelRank: level?.rank ?? null, createdAt: now });
}

/** Opens a feature again; false when it was not locked. */
export async function unlockFeature({ db, merchantId, feature }: { db: Database; merchantId: number; feature: FeatureKey }): Promise<boolean> {
  return deleteFeatureLock(db, { merchantId, feature });
}

export async function listFeatureLocks({ db, merchantId }: { db: Database; merchantId: number }): Promise<FeatureLockView[]> {
  return findFeatureLocks(db, merchantId);
}
