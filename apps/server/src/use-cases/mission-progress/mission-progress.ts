import type { Mission, MissionReward, MissionTask } from '@kartu/contracts';
import { inTransaction, type Database } from '../../db/database.ts';
import { sumSpentBetween } from '../../integration/purchases.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { countMemberCards, getCard, getMemberCard, listMemberCardsOfPrograms } from '../../modules/card-access/card-access.service.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';
import { productsByIds } from '../../modules/catalog/catalog.service.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { enqueueJob } from '../../modules/jobs/jobs.service.ts';
import { getEarnedBetween, listCardsEarnedBetween } from '../../modules/ledger/ledger.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import {
  completionsOf,
  memberMissions as programMissions,
  missionReward,
  missionStatus,
  recordCompletion,
  runningMissions,
  setCompletionReward,
  tasksOf,
} from '../../modules/missions/missions.service.ts';
import type { MissionCompletionRow, MissionRow, MissionTaskRow } from '../../modules/missions/missions.table.ts';
import { unitsBoughtBetween } from '../../modules/orders/orders.service.ts';
import { storeVisitsBetween } from '../../modules/outlets/outlets.service.ts';
import { surveysAnsweredBetween } from '../../modules/privileges/privileges.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { friendsSignedUpBetween } from '../../modules/referrals/referrals.service.ts';
import { getVoucherTemplate } from '../../modules/vouchers/vouchers.service.ts';
import { issueVouchersOfTemplates } from '../../modules/vouchers/voucher-issuing.service.ts';
import { queueWebhookEvent } from '../../modules/webhooks/webhooks.service.ts';

/*
 * A member's missions on a card (docs/decisions/044-missions.md). What a task counts is worked out
 * from what happened between the mission's start and end (the ledger, the tills' bills, the shop's
 * orders, referrals, the wallet), never kept as a running counter: an event told twice, late or taken
 * back gives the same figures. When every task is done the reward is given once, in one transaction
 * with the completion's record.
 */

export const settleMissionsJobName = 'settle-missions';

/**
 * Queues a settling of the member's missions after the caller's change commits (an order paid, a
 * purchase at a till, a friend who signed up): `source` names that change, so it is settled once.
 */
export async function queueMissionProgress(tx: Database, { merchantId, userId, source, now }: { merchantId: number; userId: string; source: string; now: Date }): Promise<void> {
  await enqueueJob({ db: tx, name: settleMissionsJobName, key: `missions:${source}`, payload: { merchantId, userId }, runAt: now, now });
}

interface MemberScope {
  merchantId: number;
  userId: string;
  card: CardRow;
  /** The member's cards of the card's program: spend counts the bills of all of them. */
  cards: CardRow[];
}

/** What a task counts between the mission's start and its end (`to`): nothing has happened after now. */
async function taskProgress(db: Database, task: MissionTaskRow, { mission, to, merchantId, userId, card, cards }: MemberScope & { mission: MissionRow; to: Date }): Promise<bigint> {
  const from = mission.startsAt;
  switch (task.kind) {
    case 'earn':
      return getEarnedBetween({ db, card, from, to });
    case 'spend':
      return sumSpentBetween(db, { merchantId, cardIds: cards.map((held) => held.id), from, to });
    case 'buy_product':
      return task.productId ? BigInt(await unitsBoughtBetween(db, { merchantId, userId, productId: task.productId, from, to })) : 0n;
    case 'refer':
      return BigInt(await friendsSignedUpBetween(db, { merchantId, userId, from, to }));
    case 'add_card':
      return BigInt(await countMemberCards({ db, merchantId, userId }));
    case 'answer_survey':
      return BigInt(await surveysAnsweredBetween(db, { merchantId, userId, from, to }));
    case 'visit_store':
      return BigInt(await storeVisitsBetween(db, { merchantId, userId, from, to }));
  }
}

interface Settled {
  progress: bigint[];
  completion: MissionCompletionRow | undefined;
  completedNow: boolean;
}

class CompletionTaken extends Error {}

/**
 * The mission's task figures for the member holding `card`, and their completion: recorded now, with
 * the reward, if every task is done while the mission runs and this is the first time.
 */
async function settleMission(
  db: Database,
  { mission, tasks, completion, now, ...scope }: MemberScope & { mission: MissionRow; tasks: MissionTaskRow[]; completion: MissionCompletionRow | undefined; now: Date },
): Promise<Settled> {
  const progress: bigint[] = [];
  for (const task of tasks) progress.push(await taskProgress(db, task, { ...scope, mission, to: mission.endsAt }));
  const running = mission.startsAt <= now && now < mission.endsAt;
  const done = tasks.length > 0 && tasks.every((task, index) => (progress[index] ?? 0n) >= task.target);
  if (completion || !running || !done || scope.card.status !== 'active') return { progress, completion, completedNow: false };
  try {
    const recorded = await inTransaction(db, (tx) => completeMission(tx, { ...scope, mission, now }));
    return { progress, completion: recorded, completedNow: true };
  } catch (error) {
    if (!(error instanceof CompletionTaken)) throw error;
    // A request at the same moment completed it first: its record stands, this one's reward went back.
    return { progress, completion: (await completionsOf(db, { userId: scope.userId, missionIds: [mission.id] })).get(mission.id), completedNow: false };
  }
}

/** Records the completion and gives the reward, in the caller's transaction; throws CompletionTaken when recorded already. */
async function completeMission(tx: Database, { mission, merchantId, userId, card, now }: MemberScope & { mission: MissionRow; now: Date }): Promise<MissionCompletionRow> {
  const completion = await recordCompletion(tx, { missionId: mission.id, userId, cardId: card.id, completedAt: now });
  if (!completion) throw new CompletionTaken();
  const { program } = await getProgram({ db: tx, merchantId, programId: mission.programId });
  const reward = missionReward(mission);
  let told: { type: 'points'; points: number; unit: typeof program.unit } | { type: 'voucher'; voucherName: string; vouchers: number };
  if (reward.kind === 'points') {
    const entry = await earn({ db: tx, merchantId, card, amount: reward.amount, now, reference: `mission:${mission.id}:${userId}`, description: mission.name, metadata: { missionId: mission.id } });
    await setCompletionReward(tx, { missionId: mission.id, userId, entryId: entry.id });
    completion.entryId = entry.id;
    told = { type: 'points', points: toJsonNumber(reward.amount), unit: program.unit };
  } else {
    const template = await getVoucherTemplate(tx, reward.templateId);
    const issued = await issueVouchersOfTemplates(tx, {
      merchantId,
      holder: { userId, cardId: card.id },
      source: { type: 'mission', id: completion.id },
      templates: [{ templateId: reward.templateId, quantity: reward.quantity }],
      now,
    });
    told = { type: 'voucher', voucherName: template.name, vouchers: Math.max(issued.length, 1) };
  }
  await leaveMessage(tx, {
    merchantId,
    userId,
    cardId: card.id,
    facts: { kind: 'mission_completed', missionName: mission.name, reward: told, programName: program.name },
    link: `${cardPagePath(card.id)}/mission-activities/${mission.id}`,
    now,
    onceKey: `mission:${mission.id}`,
  });
  await queueWebhookEvent(tx, {
    merchantId,
    type: 'mission.completed',
    now,
    data: async () => ({
      missionId: mission.id,
      programId: mission.programId,
      card: { id: card.id, number: card.number },
      completedAt: now.toISOString(),
      reward: reward.kind === 'points' ? { kind: 'points', amount: toJsonNumber(reward.amount) } : { kind: 'voucher', templateId: reward.templateId, quantity: reward.quantity },
    }),
  });
  return completion;
}

export interface MemberMissionsOptions {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  currency: string;
  now: Date;
}

/** Running first, ending soonest first; then the history, the latest finished first. */
function byShownOrder(a: Mission, b: Mission): number {
  const runningA = a.status === 'active';
  const runningB = b.status === 'active';
  if (runningA !== runningB) return runningA ? -1 : 1;
  if (runningA) return a.endsAt.localeCompare(b.endsAt) || a.id.localeCompare(b.id);
  const finished = (mission: Mission) => mission.completedAt ?? mission.endsAt;
  return finished(b).localeCompare(finished(a)) || a.id.localeCompare(b.id);
}

/** The card program's missions the member sees (running, and the history), settling what is done. */
export async function memberMissions({ db, merchantId, userId, cardId, currency, now }: MemberMissionsOptions): Promise<Mission[]> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const { program } = await getProgram({ db, merchantId, programId: card.programId });
  const missions = await programMissions(db, { merchantId, programId: card.programId, now });
  if (missions.length === 0) return [];
  const ids = missions.map((mission) => mission.id);
  const [tasks, completions, cards] = [await tasksOf(db, ids), await completionsOf(db, { userId, missionIds: ids }), await listMemberCardsOfPrograms({ db, merchantId, userId, programIds: [card.programId] })];
  const productIds = [...tasks.values()].flat().flatMap((task) => (task.productId ? [task.productId] : []));
  const products = await productsByIds(db, { merchantId, ids: productIds });
  const templateNames = new Map<string, string>();
  for (const mission of missions) {
    const reward = missionReward(mission);
    if (reward.kind === 'voucher' && !templateNames.has(reward.templateId)) templateNames.set(reward.templateId, (await getVoucherTemplate(db, reward.templateId)).name);
  }

  const answers: Mission[] = [];
  for (const mission of missions) {
    const missionTasks = tasks.get(mission.id) ?? [];
    const settled = await settleMission(db, { mission, tasks: missionTasks, completion: completions.get(mission.id), now, merchantId, userId, card, cards });
    const shownTasks: MissionTask[] = missionTasks.map((task, index) => {
      const progress = settled.progress[index] ?? 0n;
      const product = task.productId ? products.get(task.productId) : undefined;
      return {
        id: task.id,
        kind: task.kind,
        title: task.title,
        description: task.description,
        target: toJsonNumber(task.target),
        progress: toJsonNumber(progress < 0n ? 0n : progress),
        done: progress >= task.target,
        product: product ? { id: product.id, name: product.name, type: product.type } : null,
      };
    });
    const reward = missionReward(mission);
    const shownReward: MissionReward =
      reward.kind === 'points'
        ? { kind: 'points', amount: toJsonNumber(reward.amount), unit: program.unit }
        : { kind: 'voucher', templateId: reward.templateId, name: templateNames.get(reward.templateId) ?? '', quantity: reward.quantity };
    answers.push({
      id: mission.id,
      cardId: card.id,
      name: mission.name,
      description: mission.description,
      status: missionStatus(mission, settled.completion, now),
      startsAt: mission.startsAt.toISOString(),
      endsAt: mission.endsAt.toISOString(),
      currency,
      unit: program.unit,
      tasks: shownTasks,
      tasksDone: shownTasks.filter((task) => task.done).length,
      reward: shownReward,
      completedAt: settled.completion?.completedAt.toISOString() ?? null,
    });
  }
  return answers.sort(byShownOrder);
}

export async function memberMission(options: MemberMissionsOptions & { missionId: string }): Promise<Mission> {
  const found = (await memberMissions(options)).find((mission) => mission.id === options.missionId);
  if (!found) throw new AppError('MISSION_NOT_FOUND');
  return found;
}

/** Settles every running mission of the programs of the member's cards: what the job does after an order, a bill or a friend. */
export async function settleMemberMissions({ db, merchantId, userId, now }: { db: Database; merchantId: number; userId: string; now: Date }): Promise<number> {
  let completed = 0;
  const running = await runningMissions(db, { now, merchantId });
  if (running.length === 0) return 0;
  const cards = await listMemberCardsOfPrograms({ db, merchantId, userId, programIds: [...new Set(running.map((mission) => mission.programId))] });
  const ids = running.map((mission) => mission.id);
  const tasks = await tasksOf(db, ids);
  const completions = await completionsOf(db, { userId, missionIds: ids });
  for (const mission of running) {
    const ofProgram = cards.filter((held) => held.programId === mission.programId);
    const card = ofProgram.find((held) => held.status === 'active') ?? ofProgram[0];
    if (!card) continue;
    const settled = await settleMission(db, { mission, tasks: tasks.get(mission.id) ?? [], completion: completions.get(mission.id), now, merchantId, userId, card, cards: ofProgram });
    if (settled.completedNow) completed += 1;
  }
  return completed;
}

/** How far back the sweep looks for cards that earned: twice its spacing, so one late run misses nothing. */
export const MISSION_SWEEP_LOOKBACK_MS = 30 * 60_000;

/**
 * Settles, for each running mission, the members whose cards of its program earned in the last half
 * hour: what a queued settling missed (a lost job, an adjustment) is caught without the member looking.
 */
export async function sweepMissions({ db, now }: { db: Database; now: Date }): Promise<number> {
  let completed = 0;
  const seen = new Set<string>();
  for (const mission of await runningMissions(db, { now })) {
    const from = new Date(Math.max(mission.startsAt.getTime(), now.getTime() - MISSION_SWEEP_LOOKBACK_MS));
    const cardIds = await listCardsEarnedBetween({ db, merchantId: mission.merchantId, programId: mission.programId, from, to: new Date(now.getTime() + 1) });
    for (const cardId of cardIds) {
      const card = await getCard({ db, merchantId: mission.merchantId, cardId });
      if (!card.ownerUserId || seen.has(`${mission.merchantId}:${card.ownerUserId}`)) continue;
      seen.add(`${mission.merchantId}:${card.ownerUserId}`);
      completed += await settleMemberMissions({ db, merchantId: mission.merchantId, userId: card.ownerUserId, now });
    }
  }
  return completed;
}
