import type { Target } from '@kartu/contracts';
import { inTransaction, type Database } from '../../db/database.ts';
import { sumSpentBetween } from '../../integration/purchases.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getCard, getMemberCard, listMemberCardsOfPrograms } from '../../modules/card-access/card-access.service.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';
import { getEarnedBetween, listCardsEarnedBetween } from '../../modules/ledger/ledger.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import { allRunningTargets, recordReward, rewardsOf, runningTargets, targetWindow, type TargetWindow } from '../../modules/targets/targets.service.ts';
import type { TargetRow } from '../../modules/targets/targets.table.ts';

/*
 * A member's targets on a card (docs/decisions/043-target-achievement.md): what they spent at the
 * tills (bills on any card of the program, voided ones left out) or collected (points earned on the
 * card, earns taken back not counted) in the current window, and the reward paid on the card the
 * first time the window's progress reaches the target, once, in one transaction with its record.
 */

export interface MemberTargetsOptions {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  currency: string;
  now: Date;
}

async function progressOf(db: Database, { target, window, card, cards, merchantId }: { target: TargetRow; window: TargetWindow; card: CardRow; cards: CardRow[]; merchantId: number }): Promise<bigint> {
  if (target.kind === 'spend') return sumSpentBetween(db, { merchantId, cardIds: cards.map((held) => held.id), from: window.startsAt, to: window.endsAt });
  return getEarnedBetween({ db, card, from: window.startsAt, to: window.endsAt });
}

/**
 * The target's progress in its window for the member holding `card`, and when its reward was paid:
 * paid now, in one transaction with its record, if this is the first time the progress reaches it.
 */
async function settleTarget(
  db: Database,
  { target, window, card, cards, userId, now }: { target: TargetRow; window: TargetWindow; card: CardRow; cards: CardRow[]; userId: string; now: Date },
): Promise<{ progress: bigint; achievedAt: Date | null; paidNow: boolean }> {
  const { merchantId } = target;
  const progress = await progressOf(db, { target, window, card, cards, merchantId });
  const paid = (await rewardsOf(db, { userId, windows: [{ targetId: target.id, windowStartsAt: window.startsAt }] }))[0];
  if (paid || progress < target.target || card.status !== 'active') return { progress, achievedAt: paid?.achievedAt ?? null, paidNow: false };
  let paidNow = true;
  const achievedAt = await inTransaction(db, async (tx) => {
    const entry = await earn({ db: tx, merchantId, card, amount: target.reward, now, reference: `target:${target.id}:${window.startsAt.toISOString()}`, description: target.name, metadata: { targetId: target.id } });
    // A request at the same moment recorded it first: this one's earn goes back with its transaction.
    if (!(await recordReward(tx, { targetId: target.id, userId, windowStartsAt: window.startsAt, cardId: card.id, entryId: entry.id, achievedAt: now }))) throw new RewardTaken();
    const { program } = await getProgram({ db: tx, merchantId, programId: target.programId });
    await leaveMessage(tx, {
      merchantId,
      userId,
      cardId: card.id,
      facts: { kind: 'target_reached', targetName: target.name, points: toJsonNumber(target.reward), unit: program.unit, programName: program.name },
      link: `${cardPagePath(card.id)}/target-achievement/${target.id}`,
      now,
      onceKey: `target:${target.id}:${window.startsAt.toISOString()}`,
    });
    return now;
  }).catch(async (error: unknown) => {
    if (!(error instanceof RewardTaken)) throw error;
    paidNow = false;
    return (await rewardsOf(db, { userId, windows: [{ targetId: target.id, windowStartsAt: window.startsAt }] }))[0]?.achievedAt ?? now;
  });
  return { progress, achievedAt, paidNow };
}

/** The running targets of the member's card, each with its window's progress, paying what is reached. */
export async function memberTargets({ db, merchantId, userId, cardId, currency, now }: MemberTargetsOptions): Promise<Target[]> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const { program, timeZone } = await getProgram({ db, merchantId, programId: card.programId });
  const targets = await runningTargets(db, { merchantId, programId: card.programId, now });
  if (targets.length === 0) return [];
  const cards = await listMemberCardsOfPrograms({ db, merchantId, userId, programIds: [card.programId] });
  const answers: Target[] = [];
  for (const target of targets) {
    const window = targetWindow(target, now, timeZone);
    const { progress, achievedAt } = await settleTarget(db, { target, window, card, cards, userId, now });
    answers.push({
      id: target.id,
      cardId: card.id,
      name: target.name,
      description: target.description,
      kind: target.kind,
      period: target.period,
      target: toJsonNumber(target.target),
      progress: toJsonNumber(progress < 0n ? 0n : progress),
      currency: target.kind === 'spend' ? currency : null,
      unit: program.unit,
      reward: toJsonNumber(target.reward),
      windowStartsAt: window.startsAt.toISOString(),
      windowEndsAt: window.endsAt.toISOString(),
      achieved: achievedAt !== null,
      achievedAt: achievedAt?.toISOString() ?? null,
    });
  }
  return answers;
}

/** How far back a run looks for cards that earned: twice the runs' spacing, so one late run misses nothing. */
export const TARGET_SWEEP_LOOKBACK_MS = 30 * 60_000;

/**
 * Pays the targets members reached without looking: for each running target, the cards of its program
 * that earned in the last half hour (a bill that earns, an adjustment, a reward) are settled as a
 * read of the member's targets would. A bill too small to earn waits for the member's next look.
 */
export async function payReachedTargets({ db, now }: { db: Database; now: Date }): Promise<number> {
  let paid = 0;
  for (const target of await allRunningTargets(db, now)) {
    const { timeZone } = await getProgram({ db, merchantId: target.merchantId, programId: target.programId });
    const window = targetWindow(target, now, timeZone);
    const from = new Date(Math.max(window.startsAt.getTime(), now.getTime() - TARGET_SWEEP_LOOKBACK_MS));
    const cardIds = await listCardsEarnedBetween({ db, merchantId: target.merchantId, programId: target.programId, from, to: new Date(now.getTime() + 1) });
    for (const cardId of cardIds) {
      const card = await getCard({ db, merchantId: target.merchantId, cardId });
      if (!card.ownerUserId || card.status !== 'active') continue;
      const cards = await listMemberCardsOfPrograms({ db, merchantId: target.merchantId, userId: card.ownerUserId, programIds: [target.programId] });
      if ((await settleTarget(db, { target, window, card, cards, userId: card.ownerUserId, now })).paidNow) paid += 1;
    }
  }
  return paid;
}

class RewardTaken extends Error {}

export async function memberTarget(options: MemberTargetsOptions & { targetId: string }): Promise<Target> {
  const found = (await memberTargets(options)).find((target) => target.id === options.targetId);
  if (!found) throw new AppError('TARGET_NOT_FOUND');
  return found;
}
