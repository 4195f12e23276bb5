import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { AnswerReviewState } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { privilegeClaims, privileges, surveyAnswers, type NewPrivilegeRow, type PrivilegeClaimRow, type PrivilegeRow, type SurveyAnswerRow } from './privileges.table.ts';

export async function insertPrivilege(db: Database, values: NewPrivilegeRow): Promise<PrivilegeRow> {
  const [row] = await db.insert(privileges).values(values).returning();
  if (!row) throw new Error('The perk was not saved');
  return row;
}

/** A program's perks started by `now` that run still or ended after `since`, oldest first. */
export async function findProgramPrivileges(db: Database, { merchantId, programId, now, since }: { merchantId: number; programId: string; now: Date; since: Date }): Promise<PrivilegeRow[]> {
  return db
    .select()
    .from(privileges)
    .where(and(eq(privileges.merchantId, merchantId), eq(privileges.programId, programId), lte(privileges.startsAt, now), or(isNull(privileges.endsAt), gte(privileges.endsAt, since))))
    .orderBy(asc(privileges.createdAt), asc(privileges.id));
}

export async function findPrivilege(db: Database, { merchantId, privilegeId }: { merchantId: number; privilegeId: string }): Promise<PrivilegeRow | undefined> {
  const [row] = await db
    .select()
    .from(privileges)
    .where(and(eq(privileges.merchantId, merchantId), eq(privileges.id, privilegeId)));
  return row;
}

export async function findMerchantPrivileges(db: Database, merchantId: number): Promise<PrivilegeRow[]> {
  return db.select().from(privileges).where(eq(privileges.merchantId, merchantId)).orderBy(desc(privileges.createdAt), asc(privileges.id));
}

export async function setPrivilegeActive(db: Database, { merchantId, privilegeId, active }: { merchantId: number; privilegeId: string; active: boolean }): Promise<PrivilegeRow | undefined> {
  const [row] = await db
    .update(privileges)
    .set({ active })
    .where(and(eq(privileges.merchantId, merchantId), eq(privileges.id, privilegeId)))
    .returning();
  return row;
}

export async function findClaims(db: Database, { userId, privilegeIds }: { userId: string; privilegeIds: readonly string[] }): Promise<PrivilegeClaimRow[]> {
  if (privilegeIds.length === 0) return [];
  return db
    .select()
    .from(privilegeClaims)
    .where(and(eq(privilegeClaims.userId, userId), inArray(privilegeClaims.privilegeId, [...privilegeIds])));
}

/** Undefined when the member claimed it already (another request at the same moment included). */
export async function insertClaim(tx: Database, values: typeof privilegeClaims.$inferInsert): Promise<PrivilegeClaimRow | undefined> {
  const [row] = await tx.insert(privilegeClaims).values(values).onConflictDoNothing().returning();
  return row;
}

/** The member's answers to these perks, newest first. */
export async function findMemberAnswers(db: Database, { userId, privilegeIds }: { userId: string; privilegeIds: readonly string[] }): Promise<SurveyAnswerRow[]> {
  if (privilegeIds.length === 0) return [];
  return db
    .select()
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.userId, userId), inArray(surveyAnswers.privilegeId, [...privilegeIds])))
    .orderBy(desc(surveyAnswers.submittedAt), desc(surveyAnswers.id));
}

/** Undefined when an answer of the member waits for review or was approved already. */
export async function insertAnswer(tx: Database, values: typeof surveyAnswers.$inferInsert): Promise<SurveyAnswerRow | undefined> {
  const [row] = await tx.insert(surveyAnswers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findAnswer(db: Database, { merchantId, answerId }: { merchantId: number; answerId: string }): Promise<SurveyAnswerRow | undefined> {
  const [row] = await db
    .select()
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.merchantId, merchantId), eq(surveyAnswers.id, answerId)));
  return row;
}

export async function lockAnswer(tx: Database, { merchantId, answerId }: { merchantId: number; answerId: string }): Promise<SurveyAnswerRow | undefined> {
  const [row] = await tx
    .select()
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.merchantId, merchantId), eq(surveyAnswers.id, answerId)))
    .for('update');
  return row;
}

export async function updateAnswerReview(tx: Database, { answerId, state, note, entryId, reviewedAt }: { answerId: string; state: AnswerReviewState; note: string | null; entryId: string | null; reviewedAt: Date }): Promise<SurveyAnswerRow> {
  const [row] = await tx.update(surveyAnswers).set({ state, note, entryId, reviewedAt }).where(eq(surveyAnswers.id, answerId)).returning();
  if (!row) throw new Error('The answer was not found');
  return row;
}

/** A perk's answers for the merchant, oldest first, with the member's card number and name. */
export async function findPrivilegeAnswers(db: Database, { merchantId, privilegeId, state, answerId }: { merchantId: number; privilegeId: string; state?: AnswerReviewState | undefined; answerId?: string }) {
  return db
    .select({ answer: surveyAnswers, cardNumber: cards.number, memberName: users.name })
    .from(surveyAnswers)
    .innerJoin(cards, eq(cards.id, surveyAnswers.cardId))
    .innerJoin(users, eq(users.id, surveyAnswers.userId))
    .where(and(eq(surveyAnswers.merchantId, merchantId), eq(surveyAnswers.privilegeId, privilegeId), state ? eq(surveyAnswers.state, state) : undefined, answerId ? eq(surveyAnswers.id, answerId) : undefined))
    .orderBy(asc(surveyAnswers.submittedAt), asc(surveyAnswers.id))
    .limit(500);
}

export async function countPrivilegeFigures(db: Database, privilegeIds: readonly string[]): Promise<{ claims: Map<string, number>; pending: Map<string, number> }> {
  if (privilegeIds.length === 0) return { claims: new Map(), pending: new Map() };
  const claims = await db
    .select({ id: privilegeClaims.privilegeId, total: count() })
    .from(privilegeClaims)
    .where(inArray(privilegeClaims.privilegeId, [...privilegeIds]))
    .groupBy(privilegeClaims.privilegeId);
  const pending = await db
    .select({ id: surveyAnswers.privilegeId, total: count() })
    .from(surveyAnswers)
    .where(and(inArray(surveyAnswers.privilegeId, [...privilegeIds]), eq(surveyAnswers.state, 'pending')))
    .groupBy(surveyAnswers.privilegeId);
  return { claims: new Map(claims.map((row) => [row.id, row.total])), pending: new Map(pending.map((row) => [row.id, row.total])) };
}

/** The member's answers to the merchant's surveys submitted in [from, to), rejected ones left out. */
export async function countAnswersBetween(db: Database, { merchantId, userId, from, to }: { merchantId: number; userId: string; from: Date; to: Date }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.merchantId, merchantId), eq(surveyAnswers.userId, userId), gte(surveyAnswers.submittedAt, from), lt(surveyAnswers.submittedAt, to), ne(surveyAnswers.state, 'rejected')));
  return row?.total ?? 0;
}

