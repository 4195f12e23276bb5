import type { Privilege, PrivilegeAnswer, PrivilegeState } from '@kartu/contracts';
import { inTransaction, type Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getCard, getMemberCard } from '../../modules/card-access/card-access.service.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';
import { cardLevelRanks } from '../../modules/features/features.service.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import {
  assertPrivilegeOpen,
  claimsOf,
  getMemberAnswer,
  getPrivilege,
  lockAnswerForReview,
  memberAnswers,
  privilegeClosure,
  programPrivileges,
  recordAnswer,
  recordClaim,
  saveReview,
  validateSurveyAnswers,
} from '../../modules/privileges/privileges.service.ts';
import type { PrivilegeClaimRow, PrivilegeRow, SurveyAnswerRow } from '../../modules/privileges/privileges.table.ts';
import { getProgram, getProgramLevels } from '../../modules/programs/programs.service.ts';
import { getCardSubscription } from '../../modules/subscriptions/membership.service.ts';
import { getVoucherTemplate } from '../../modules/vouchers/vouchers.service.ts';
import { queueMissionProgress } from '../mission-progress/mission-progress.ts';
import { issueVouchersOfTemplates } from '../../modules/vouchers/voucher-issuing.service.ts';
import { queueWebhookEvent } from '../../modules/webhooks/webhooks.service.ts';

/*
 * A member's perks on a card (docs/decisions/045-privileges.md): who qualifies (a level of the
 * program, an active paid membership), a voucher perk claimed once, a survey answered and reviewed by
 * the merchant, and what an approval gives.
 */

export interface MemberCardScope {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  now: Date;
}

type Lock = Privilege['lock'];

/**
 * What the member's card stands on, for every perk of its program: its level's rank, the program's
 * levels and whether its paid membership runs. Each is read once, and only when a perk asks.
 */
function cardStanding(db: Database, { card, merchantId, now }: { card: CardRow; merchantId: number; now: Date }) {
  const once = <T>(read: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= read());
  };
  return {
    rank: once(async () => (await cardLevelRanks({ db, merchantId, cards: [card], now })).get(card.id) ?? 0),
    levels: once(() => getProgramLevels({ db, programId: card.programId })),
    subscribed: once(async () => {
      const { program } = await getProgram({ db, merchantId, programId: card.programId });
      return program.type === 'subscription' && !(await getCardSubscription({ db, merchantId, cardId: card.id, now })).isExpired;
    }),
  };
}
type CardStanding = ReturnType<typeof cardStanding>;

/** What keeps the member holding the card from the perk (one of its program's): a level not reached, or no active paid membership. */
async function lockOf(privilege: PrivilegeRow, standing: CardStanding): Promise<Lock> {
  if (privilege.minLevelRank !== null && (await standing.rank()) < privilege.minLevelRank) {
    const level = (await standing.levels()).find((candidate) => candidate.rank === privilege.minLevelRank);
    return { kind: 'level', levelName: level?.name ?? String(privilege.minLevelRank) };
  }
  if (privilege.subscribersOnly && !(await standing.subscribed())) return { kind: 'subscription' };
  return null;
}

function stateOf({ privilege, lock, claim, latest, now }: { privilege: PrivilegeRow; lock: Lock; claim: PrivilegeClaimRow | undefined; latest: SurveyAnswerRow | undefined; now: Date }): PrivilegeState {
  if (claim) return 'claimed';
  if (latest && latest.state !== 'rejected') return 'answered';
  const closure = privilegeClosure(privilege, now);
  if (closure) return closure;
  return lock ? 'locked' : 'available';
}

const stateOrder: Record<PrivilegeState, number> = { available: 0, answered: 1, claimed: 2, locked: 3, inactive: 4, ended: 5 };

async function privilegeViews(db: Database, { privileges, card, merchantId, userId, now }: { privileges: PrivilegeRow[]; card: CardRow; merchantId: number; userId: string; now: Date }): Promise<Privilege[]> {
  const ids = privileges.map((privilege) => privilege.id);
  const [claims, answers, { program }] = [await claimsOf(db, { userId, privilegeIds: ids }), await memberAnswers(db, { userId, privilegeIds: ids }), await getProgram({ db, merchantId, programId: card.programId })];
  const standing = cardStanding(db, { card, merchantId, now });
  const views: Privilege[] = [];
  for (const privilege of privileges) {
    const lock = await lockOf(privilege, standing);
    const latest = answers.find((answer) => answer.privilegeId === privilege.id);
    const template = privilege.voucherTemplateId ? await getVoucherTemplate(db, privilege.voucherTemplateId) : null;
    views.push({
      id: privilege.id,
      cardId: card.id,
      kind: privilege.kind,
      title: privilege.title,
      description: privilege.description,
      terms: privilege.terms,
      state: stateOf({ privilege, lock, claim: claims.get(privilege.id), latest, now }),
      lock,
      startsAt: privilege.startsAt.toISOString(),
      endsAt: privilege.endsAt?.toISOString() ?? null,
      voucher: template && privilege.voucherQuantity ? { templateId: template.id, name: template.name, quantity: privilege.voucherQuantity } : null,
      rewardPoints: privilege.rewardPoints === null ? null : toJsonNumber(privilege.rewardPoints),
      unit: program.unit,
      questions: privilege.questions,
      latestAnswer: latest ? { id: latest.id, state: latest.state } : null,
    });
  }
  return views;
}

/** The card program's perks the member sees: started, and not ended more than 30 days ago; available first. */
export async function memberPrivileges({ db, merchantId, userId, cardId, now }: MemberCardScope): Promise<Privilege[]> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const privileges = await programPrivileges(db, { merchantId, programId: card.programId, now });
  const views = await privilegeViews(db, { privileges, card, merchantId, userId, now });
  return views.sort((a, b) => stateOrder[a.state] - stateOrder[b.state]);
}

export async function memberPrivilege({ privilegeId, ...scope }: MemberCardScope & { privilegeId: string }): Promise<Privilege> {
  const { db, merchantId, userId, cardId, now } = scope;
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const privilege = await getPrivilege(db, { merchantId, privilegeId, programId: card.programId, now });
  const [view] = await privilegeViews(db, { privileges: [privilege], card, merchantId, userId, now });
  if (!view) throw new AppError('PERK_NOT_FOUND');
  return view;
}

/** Refuses what the member may not take now, in the order the member can act on it. */
async function assertMayTake(db: Database, { privilege, card, merchantId, now }: { privilege: PrivilegeRow; card: CardRow; merchantId: number; now: Date }): Promise<void> {
  assertPrivilegeOpen(privilege, now);
  if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
  const lock = await lockOf(privilege, cardStanding(db, { card, merchantId, now }));
  if (lock) throw new AppError('PERK_NOT_QUALIFIED', { message: lock.kind === 'level' ? `Reach ${lock.levelName} to unlock this perk` : 'This perk is for members with an active membership' });
}

/** Claims a voucher perk: its e-vouchers go to the member's wallet, once. */
export async function claimPrivilege({ privilegeId, ...scope }: MemberCardScope & { privilegeId: string }): Promise<Privilege & { voucherIds: string[] }> {
  const { db, merchantId, userId, cardId, now } = scope;
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const privilege = await getPrivilege(db, { merchantId, privilegeId, programId: card.programId, now });
  if (privilege.kind !== 'voucher' || !privilege.voucherTemplateId || !privilege.voucherQuantity) throw new AppError('UNPROCESSABLE', { message: 'This perk is joined by answering its survey' });
  await assertMayTake(db, { privilege, card, merchantId, now });
  const { voucherTemplateId: templateId, voucherQuantity: quantity } = privilege;
  const voucherIds = await inTransaction(db, async (tx) => {
    const claim = await recordClaim(tx, { privilegeId: privilege.id, userId, cardId: card.id, claimedAt: now });
    if (!claim) throw new AppError('PERK_ALREADY_TAKEN');
    const issued = await issueVouchersOfTemplates(tx, { merchantId, holder: { userId, cardId: card.id }, source: { type: 'perk', id: claim.id }, templates: [{ templateId, quantity }], now });
    return issued.map((voucher) => voucher.id);
  });
  return { ...(await memberPrivilege({ ...scope, privilegeId })), voucherIds };
}

export function toPrivilegeAnswer(row: SurveyAnswerRow): PrivilegeAnswer {
  return {
    id: row.id,
    privilegeId: row.privilegeId,
    state: row.state,
    answers: row.answers,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    note: row.note,
  };
}

/** Answers a survey perk: checked against its questions, then kept for the merchant's review. */
export async function answerSurvey({ privilegeId, answers, ...scope }: MemberCardScope & { privilegeId: string; answers: Record<string, string | string[]> }): Promise<PrivilegeAnswer> {
  const { db, merchantId, userId, cardId, now } = scope;
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const privilege = await getPrivilege(db, { merchantId, privilegeId, programId: card.programId, now });
  if (privilege.kind !== 'survey') throw new AppError('UNPROCESSABLE', { message: 'This perk has no survey' });
  await assertMayTake(db, { privilege, card, merchantId, now });
  const kept = validateSurveyAnswers(privilege.questions, answers, now);
  const saved = await inTransaction(db, async (tx) => {
    const row = await recordAnswer(tx, { merchantId, privilegeId: privilege.id, userId, cardId: card.id, answers: kept, submittedAt: now });
    if (!row) throw new AppError('PERK_ALREADY_TAKEN', { message: 'Your answer to this survey is in review or approved already' });
    await queueWebhookEvent(tx, {
      merchantId,
      type: 'perk.answered',
      now,
      data: async () => ({ perkId: privilege.id, answerId: row.id, card: { id: card.id, number: card.number }, answers: kept, submittedAt: now.toISOString() }),
    });
    // A survey answered may complete a mission.
    await queueMissionProgress(tx, { merchantId, userId, source: `survey-answer:${row.id}`, now });
    return row;
  });
  return toPrivilegeAnswer(saved);
}

export async function memberPrivilegeAnswers({ privilegeId, ...scope }: MemberCardScope & { privilegeId: string }): Promise<PrivilegeAnswer[]> {
  const { db, merchantId, userId, cardId, now } = scope;
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const privilege = await getPrivilege(db, { merchantId, privilegeId, programId: card.programId, now });
  return (await memberAnswers(db, { userId, privilegeIds: [privilege.id] })).map(toPrivilegeAnswer);
}

export async function memberPrivilegeAnswer({ privilegeId, answerId, ...scope }: MemberCardScope & { privilegeId: string; answerId: string }): Promise<PrivilegeAnswer> {
  const { db, merchantId, userId, cardId, now } = scope;
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const privilege = await getPrivilege(db, { merchantId, privilegeId, programId: card.programId, now });
  return toPrivilegeAnswer(await getMemberAnswer(db, { merchantId, userId, privilegeId: privilege.id, answerId }));
}

/**
 * The merchant's review of an answer: approved (the perk's points on the member's card, when it gives
 * some and the card is active) or rejected with a note; the member is told either way, once.
 */
export async function reviewSurveyAnswer({ db, merchantId, answerId, decision, note, now }: { db: Database; merchantId: number; answerId: string; decision: 'approve' | 'reject'; note: string | null; now: Date }): Promise<SurveyAnswerRow> {
  return inTransaction(db, async (tx) => {
    const answer = await lockAnswerForReview(tx, { merchantId, answerId });
    const privilege = await getPrivilege(tx, { merchantId, privilegeId: answer.privilegeId });
    const card = await getCard({ db: tx, merchantId, cardId: answer.cardId });
    const { program } = await getProgram({ db: tx, merchantId, programId: privilege.programId });
    const pays = decision === 'approve' && privilege.rewardPoints !== null && card.status === 'active' && card.ownerUserId === answer.userId;
    const entry = pays && privilege.rewardPoints !== null ? await earn({ db: tx, merchantId, card, amount: privilege.rewardPoints, now, reference: `perk-answer:${answer.id}`, description: privilege.title, metadata: { perkId: privilege.id } }) : null;
    const reviewed = await saveReview(tx, { answerId: answer.id, state: decision === 'approve' ? 'approved' : 'rejected', note: decision === 'reject' ? note : null, entryId: entry?.id ?? null, reviewedAt: now });
    await leaveMessage(tx, {
      merchantId,
      userId: answer.userId,
      cardId: answer.cardId,
      facts: {
        kind: 'perk_reviewed',
        perkTitle: privilege.title,
        decision: reviewed.state === 'approved' ? 'approved' : 'rejected',
        points: entry && privilege.rewardPoints !== null ? toJsonNumber(privilege.rewardPoints) : null,
        unit: program.unit,
        note: reviewed.note,
        programName: program.name,
      },
      link: `${cardPagePath(answer.cardId)}/privileges/${privilege.id}/answers/${answer.id}`,
      now,
      onceKey: `perk-answer:${answer.id}`,
    });
    return reviewed;
  });
}
