import type { AnswerReviewState, FieldIssue, PrivilegeKind, SurveyQuestion } from '@kartu/contracts';
import { DAY_MS, isCalendarDate, isFilled } from '@kartu/core';
import { REGISTRATION_ANSWER_MAX_LENGTH } from '@kartu/core/constants';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import {
  countAnswersBetween,
  countPrivilegeFigures,
  findAnswer,
  findClaims,
  findMemberAnswers,
  findMerchantPrivileges,
  findPrivilege,
  findPrivilegeAnswers,
  findProgramPrivileges,
  insertAnswer,
  insertClaim,
  insertPrivilege,
  lockAnswer,
  setPrivilegeActive,
  updateAnswerReview,
} from './privileges.repository.ts';
import type { PrivilegeClaimRow, PrivilegeRow, SurveyAnswerRow } from './privileges.table.ts';

/*
 * Perks (docs/decisions/045-privileges.md): a program's perks, the members' claims and their answers
 * to surveys with the merchant's review. Who qualifies, and what a claim or an approval gives, is the
 * use case member-privileges's.
 */

/** How long an ended perk stays on the member's list ('promotion ended'). */
export const ENDED_PRIVILEGE_SHOWN_DAYS = 30;

export interface CreatePrivilegeOptions {
  db: Database;
  merchantId: number;
  programId: string;
  kind: PrivilegeKind;
  title: string;
  description: string | null;
  terms: string | null;
  minLevelRank: number | null;
  subscribersOnly: boolean;
  startsAt: Date;
  endsAt: Date | null;
  voucher: { templateId: string; quantity: number } | null;
  rewardPoints: bigint | null;
  questions: SurveyQuestion[];
  now: Date;
}

/** Saves a perk; the caller has checked that its voucher template is the merchant's. */
export async function createPrivilege({ db, merchantId, programId, voucher, now, ...perk }: CreatePrivilegeOptions): Promise<PrivilegeRow> {
  if (!isUuid(programId)) throw new AppError('NOT_FOUND', { message: 'Program not found' });
  await getProgram({ db, merchantId, programId });
  if (perk.endsAt && perk.endsAt <= perk.startsAt) throw new AppError('VALIDATION_FAILED', { message: 'The end must come after the start' });
  return insertPrivilege(db, { merchantId, programId, ...perk, voucherTemplateId: voucher?.templateId ?? null, voucherQuantity: voucher?.quantity ?? null, createdAt: now });
}

/** Why nobody may take the perk now: paused by the merchant, or past its end. */
export function privilegeClosure(privilege: Pick<PrivilegeRow, 'active' | 'endsAt'>, now: Date): 'inactive' | 'ended' | null {
  if (privilege.endsAt && privilege.endsAt <= now) return 'ended';
  return privilege.active ? null : 'inactive';
}

export function assertPrivilegeOpen(privilege: PrivilegeRow, now: Date): void {
  const closure = privilegeClosure(privilege, now);
  if (closure === 'ended') throw new AppError('PROMOTION_ENDED');
  if (closure === 'inactive') throw new AppError('PERK_NOT_ACTIVE');
}

export async function programPrivileges(db: Database, { merchantId, programId, now }: { merchantId: number; programId: string; now: Date }): Promise<PrivilegeRow[]> {
  return findProgramPrivileges(db, { merchantId, programId, now, since: new Date(now.getTime() - ENDED_PRIVILEGE_SHOWN_DAYS * DAY_MS) });
}

/** The merchant's perk of the program; another program's, another merchant's or one not started is not found. */
export async function getPrivilege(db: Database, { merchantId, privilegeId, programId, now }: { merchantId: number; privilegeId: string; programId?: string; now?: Date }): Promise<PrivilegeRow> {
  const found = isUuid(privilegeId) ? await findPrivilege(db, { merchantId, privilegeId }) : undefined;
  if (!found || (programId !== undefined && found.programId !== programId) || (now !== undefined && found.startsAt > now)) throw new AppError('PERK_NOT_FOUND');
  return found;
}

export async function listMerchantPrivileges(db: Database, merchantId: number): Promise<PrivilegeRow[]> {
  return findMerchantPrivileges(db, merchantId);
}

export async function privilegeFigures(db: Database, privilegeIds: readonly string[]) {
  return countPrivilegeFigures(db, privilegeIds);
}

/** Pauses or resumes a perk; its claims and answers stay. */
export async function setPrivilegeActivity(db: Database, scope: { merchantId: number; privilegeId: string; active: boolean }): Promise<PrivilegeRow> {
  const row = isUuid(scope.privilegeId) ? await setPrivilegeActive(db, scope) : undefined;
  if (!row) throw new AppError('PERK_NOT_FOUND');
  return row;
}

export async function claimsOf(db: Database, scope: { userId: string; privilegeIds: readonly string[] }): Promise<Map<string, PrivilegeClaimRow>> {
  return new Map((await findClaims(db, scope)).map((row) => [row.privilegeId, row]));
}

/** Records the member's claim; undefined when claimed already. */
export async function recordClaim(tx: Database, claim: { privilegeId: string; userId: string; cardId: string; claimedAt: Date }): Promise<PrivilegeClaimRow | undefined> {
  return insertClaim(tx, claim);
}

/** The member's answers to these perks, newest first. */
export async function memberAnswers(db: Database, scope: { userId: string; privilegeIds: readonly string[] }): Promise<SurveyAnswerRow[]> {
  return findMemberAnswers(db, scope);
}

function issueOf(question: SurveyQuestion, value: string | string[] | undefined, now: Date): FieldIssue | undefined {
  const field = `body.answers.${question.name}`;
  const values = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((text) => text.trim()).filter(isFilled);
  if (values.length === 0) return question.required ? { field, rule: 'required', message: `Please fill the ${question.label}.` } : undefined;
  if (values.some((text) => text.length > REGISTRATION_ANSWER_MAX_LENGTH)) return { field, rule: 'too_long', message: `${question.label} is too long` };
  if (question.type === 'date') {
    const [day] = values;
    const latest = new Date(now.getTime() + 366 * DAY_MS).toISOString().slice(0, 10);
    if (values.length > 1 || !day || !isCalendarDate(day) || day < '1900-01-01' || day > latest) return { field, rule: 'invalid_date', message: `Please input the correct ${question.label}` };
  }
  if (question.type === 'text' && (Array.isArray(value) || values.length > 1)) return { field, rule: 'invalid_format', message: `Please input the correct ${question.label}` };
  if (question.type === 'single' || question.type === 'multiple') {
    const offered = question.options ?? [];
    if ((question.type === 'single' && values.length > 1) || new Set(values).size !== values.length || values.some((text) => !offered.includes(text))) {
      return { field, rule: 'not_offered', message: `Choose from the options of ${question.label}` };
    }
  }
  return undefined;
}

/**
 * Checks a survey's answers against its questions (required ones filled, a real day for a date, only
 * choices offered) and keeps the questions' answers only. Throws VALIDATION_FAILED with one detail
 * per question in error: nothing is stored.
 */
export function validateSurveyAnswers(questions: readonly SurveyQuestion[], answers: Record<string, string | string[]>, now: Date): Record<string, string | string[]> {
  const issues = questions.flatMap((question) => issueOf(question, answers[question.name], now) ?? []);
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { details: issues });
  const kept: Record<string, string | string[]> = {};
  for (const question of questions) {
    const value = answers[question.name];
    if (value === undefined) continue;
    const values = (Array.isArray(value) ? value : [value]).map((text) => text.trim()).filter(isFilled);
    if (values.length === 0) continue;
    kept[question.name] = question.type === 'multiple' ? values : (values[0] ?? '');
  }
  return kept;
}

/** Records an answer in review; undefined when one of the member waits or was approved. */
export async function recordAnswer(tx: Database, answer: { merchantId: number; privilegeId: string; userId: string; cardId: string; answers: Record<string, string | string[]>; submittedAt: Date }): Promise<SurveyAnswerRow | undefined> {
  return insertAnswer(tx, { ...answer, state: 'pending' });
}

export async function getMemberAnswer(db: Database, { merchantId, userId, privilegeId, answerId }: { merchantId: number; userId: string; privilegeId: string; answerId: string }): Promise<SurveyAnswerRow> {
  const found = isUuid(answerId) ? await findAnswer(db, { merchantId, answerId }) : undefined;
  if (!found || found.userId !== userId || found.privilegeId !== privilegeId) throw new AppError('PERK_ANSWER_NOT_FOUND');
  return found;
}

/** The answer under a lock, for its review: another merchant's is not found, a reviewed one is a CONFLICT. */
export async function lockAnswerForReview(tx: Database, { merchantId, answerId }: { merchantId: number; answerId: string }): Promise<SurveyAnswerRow> {
  const found = await lockAnswer(tx, { merchantId, answerId });
  if (!found) throw new AppError('PERK_ANSWER_NOT_FOUND');
  if (found.state !== 'pending') throw new AppError('CONFLICT', { message: `This answer was ${found.state} already` });
  return found;
}

export async function saveReview(tx: Database, review: { answerId: string; state: Exclude<AnswerReviewState, 'pending'>; note: string | null; entryId: string | null; reviewedAt: Date }): Promise<SurveyAnswerRow> {
  return updateAnswerReview(tx, review);
}

/** A perk's answers as the merchant reads them (oldest first, at most 500), or the one answer named. */
export async function privilegeAnswersForMerchant(db: Database, scope: { merchantId: number; privilegeId: string; state?: AnswerReviewState | undefined; answerId?: string }) {
  return findPrivilegeAnswers(db, scope);
}

/** How many of the merchant's surveys the member answered in [from, to), rejected answers left out. */
export async function surveysAnsweredBetween(db: Database, scope: { merchantId: number; userId: string; from: Date; to: Date }): Promise<number> {
  return countAnswersBetween(db, scope);
}

