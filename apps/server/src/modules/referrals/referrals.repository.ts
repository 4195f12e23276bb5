import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, ne, or, sql, sum } from 'drizzle-orm';
import type { ReferralState } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { users } from '../auth/users.table.ts';
import { referralCodes, referralPrograms, referrals, type ReferralProgramRow, type ReferralRow } from './referrals.table.ts';

export type NewReferralProgram = typeof referralPrograms.$inferInsert;
export type NewReferral = typeof referrals.$inferInsert;
export type ReferralPatch = Partial<Omit<ReferralRow, 'id' | 'merchantId' | 'referralProgramId' | 'referrerUserId'>>;

/** Undefined when the card program has one already: no failed statement, so the caller's transaction goes on. */
export async function insertReferralProgram(db: Database, values: NewReferralProgram): Promise<ReferralProgramRow | undefined> {
  const [row] = await db.insert(referralPrograms).values(values).onConflictDoNothing({ target: referralPrograms.programId }).returning();
  return row;
}

export async function findReferralProgram(db: Database, { merchantId, id }: { merchantId: number; id: string }): Promise<ReferralProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(referralPrograms)
    .where(and(eq(referralPrograms.merchantId, merchantId), eq(referralPrograms.id, id)))
    .limit(1);
  return row;
}

export async function findReferralProgramOfProgram(db: Database, { merchantId, programId }: { merchantId: number; programId: string }): Promise<ReferralProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(referralPrograms)
    .where(and(eq(referralPrograms.merchantId, merchantId), eq(referralPrograms.programId, programId)))
    .limit(1);
  return row;
}

export async function findMerchantReferralPrograms(db: Database, merchantId: number): Promise<ReferralProgramRow[]> {
  return db.select().from(referralPrograms).where(eq(referralPrograms.merchantId, merchantId)).orderBy(asc(referralPrograms.createdAt));
}

export async function updateReferralProgramEnd(db: Database, { merchantId, id, endsAt }: { merchantId: number; id: string; endsAt: Date }): Promise<boolean> {
  const rows = await db
    .update(referralPrograms)
    // A program ended before its start never runs: its end is its start.
    .set({ endsAt: sql`greatest(${endsAt}, ${referralPrograms.startsAt})` })
    .where(and(eq(referralPrograms.merchantId, merchantId), eq(referralPrograms.id, id)))
    .returning({ id: referralPrograms.id });
  return rows.length > 0;
}

export async function findMemberCode(db: Database, { referralProgramId, userId }: { referralProgramId: string; userId: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(and(eq(referralCodes.referralProgramId, referralProgramId), eq(referralCodes.userId, userId)))
    .limit(1);
  return row?.code;
}

/** False when the code is taken at the merchant, or the member already has one (the caller reads it again). */
export async function insertMemberCode(db: Database, values: typeof referralCodes.$inferInsert): Promise<boolean> {
  const rows = await db.insert(referralCodes).values(values).onConflictDoNothing().returning({ code: referralCodes.code });
  return rows.length > 0;
}

export async function findCodeOwner(db: Database, { merchantId, code }: { merchantId: number; code: string }): Promise<{ program: ReferralProgramRow; referrerUserId: string } | undefined> {
  const [row] = await db
    .select({ program: referralPrograms, referrerUserId: referralCodes.userId })
    .from(referralCodes)
    .innerJoin(referralPrograms, eq(referralPrograms.id, referralCodes.referralProgramId))
    .where(and(eq(referralCodes.merchantId, merchantId), eq(referralCodes.code, code)))
    .limit(1);
  return row;
}

const ofReferrer = ({ referralProgramId, referrerUserId }: { referralProgramId: string; referrerUserId: string }) =>
  and(eq(referrals.referralProgramId, referralProgramId), eq(referrals.referrerUserId, referrerUserId));

export async function countReferralsByState(db: Database, owner: { referralProgramId: string; referrerUserId: string }): Promise<{ counts: Map<ReferralState, number>; commission: bigint }> {
  const rows = await db
    .select({ state: referrals.state, friends: count(), commission: sum(referrals.commission) })
    .from(referrals)
    .where(ofReferrer(owner))
    .groupBy(referrals.state);
  return {
    counts: new Map(rows.map((row) => [row.state, row.friends])),
    commission: rows.reduce((total, row) => total + BigInt(row.commission ?? 0), 0n),
  };
}

export async function findReferralsPage(
  db: Database,
  { state, limit, offset, ...owner }: { referralProgramId: string; referrerUserId: string; state?: ReferralState | undefined; limit: number; offset: number },
): Promise<{ rows: ReferralRow[]; total: number }> {
  const where = and(ofReferrer(owner), state ? eq(referrals.state, state) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(referrals).where(where).orderBy(desc(referrals.invitedAt), desc(referrals.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(referrals).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function countInvitesSince(db: Database, { since, ...owner }: { referralProgramId: string; referrerUserId: string; since: Date }): Promise<number> {
  const [row] = await db
    .select({ invites: count() })
    .from(referrals)
    .where(and(ofReferrer(owner), gte(referrals.invitedAt, since), isNull(referrals.friendDeviceHash)));
  return row?.invites ?? 0;
}

/** Undefined when this member already has the friend on their list. */
export async function insertReferral(db: Database, values: NewReferral): Promise<ReferralRow | undefined> {
  const [row] = await db.insert(referrals).values(values).onConflictDoNothing({ target: [referrals.referralProgramId, referrals.referrerUserId, referrals.friendIdentifier] }).returning();
  return row;
}

export async function findReferralOf(db: Database, { referralProgramId, referrerUserId, friendIdentifier }: { referralProgramId: string; referrerUserId: string; friendIdentifier: string }): Promise<ReferralRow | undefined> {
  const [row] = await db
    .select()
    .from(referrals)
    .where(and(ofReferrer({ referralProgramId, referrerUserId }), eq(referrals.friendIdentifier, friendIdentifier)))
    .limit(1);
  return row;
}

/** The friend's place on other members' lists: the first of them invited first. */
export async function findOtherInvites(db: Database, { referralProgramId, friendIdentifier, exceptReferrer }: { referralProgramId: string; friendIdentifier: string; exceptReferrer: string }): Promise<ReferralRow[]> {
  return db
    .select()
    .from(referrals)
    .where(and(eq(referrals.referralProgramId, referralProgramId), eq(referrals.friendIdentifier, friendIdentifier), ne(referrals.referrerUserId, exceptReferrer)))
    .orderBy(asc(referrals.invitedAt));
}

/** Whether the member already joined this program through someone's invite. */
export async function hasJoined(db: Database, { referralProgramId, friendUserId }: { referralProgramId: string; friendUserId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.referralProgramId, referralProgramId), eq(referrals.friendUserId, friendUserId), ne(referrals.state, 'unavailable')))
    .limit(1);
  return row !== undefined;
}

/** Whether a friend already joined through an invite on this browser, at this merchant. */
export async function deviceJoinedBefore(db: Database, { merchantId, deviceHash }: { merchantId: number; deviceHash: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.merchantId, merchantId), eq(referrals.friendDeviceHash, deviceHash), inArray(referrals.state, ['registered', 'purchased'])))
    .limit(1);
  return row !== undefined;
}

export async function lockReferral(db: Database, id: string): Promise<ReferralRow | undefined> {
  const [row] = await db.select().from(referrals).where(eq(referrals.id, id)).for('update');
  return row;
}

export async function updateReferral(db: Database, id: string, patch: ReferralPatch): Promise<ReferralRow> {
  const [row] = await db.update(referrals).set(patch).where(eq(referrals.id, id)).returning();
  if (!row) throw new Error('The referral was not found');
  return row;
}

export interface ReferralScope {
  merchantId?: number | undefined;
  referralProgramId?: string | undefined;
  referrerUserId?: string | undefined;
}

const inScope = ({ merchantId, referralProgramId, referrerUserId }: ReferralScope) =>
  and(
    merchantId === undefined ? undefined : eq(referrals.merchantId, merchantId),
    referralProgramId === undefined ? undefined : eq(referrals.referralProgramId, referralProgramId),
    referrerUserId === undefined ? undefined : eq(referrals.referrerUserId, referrerUserId),
  );

/** Invited friends who have since made an account at the merchant with the invited phone or e-mail. */
export async function findPendingWithAccounts(db: Database, scope: ReferralScope & { limit: number }): Promise<Array<{ referral: ReferralRow; friendUserId: string; createdAt: Date }>> {
  const rows = await db
    .select({ referral: referrals, friendUserId: users.id, createdAt: users.createdAt })
    .from(referrals)
    .innerJoin(users, and(eq(users.merchantId, referrals.merchantId), or(eq(users.phone, referrals.friendIdentifier), eq(users.email, referrals.friendIdentifier))))
    .where(and(inScope(scope), eq(referrals.state, 'pending'), gte(users.createdAt, referrals.invitedAt)))
    .orderBy(asc(referrals.invitedAt))
    .limit(scope.limit);
  return rows;
}

export async function findRegistered(db: Database, scope: ReferralScope & { limit: number; after?: string | undefined; registeredSince: Date }): Promise<ReferralRow[]> {
  return db
    .select()
    .from(referrals)
    .where(
      and(
        inScope(scope),
        eq(referrals.state, 'registered'),
        isNotNull(referrals.friendUserId),
        gte(referrals.registeredAt, scope.registeredSince),
        scope.after ? sql`${referrals.id} > ${scope.after}` : undefined,
      ),
    )
    .orderBy(asc(referrals.id))
    .limit(scope.limit);
}

export async function findCommissionsDue(db: Database, scope: ReferralScope & { limit: number }): Promise<ReferralRow[]> {
  return db
    .select()
    .from(referrals)
    .where(and(inScope(scope), isNotNull(referrals.commissionDueAt), isNull(referrals.commissionPaidAt)))
    .orderBy(asc(referrals.commissionDueAt), asc(referrals.id))
    .limit(scope.limit);
}

export async function countCommissionsPaidSince(db: Database, { since, ...owner }: { referralProgramId: string; referrerUserId: string; since: Date }): Promise<number> {
  const [row] = await db
    .select({ paid: count() })
    .from(referrals)
    .where(and(ofReferrer(owner), gte(referrals.commissionPaidAt, since)));
  return row?.paid ?? 0;
}

/** Friends of the member's invites, in any program of the merchant, who signed up in [from, to). */
export async function countFriendsSignedUp(db: Database, { merchantId, userId, from, to }: { merchantId: number; userId: string; from: Date; to: Date }): Promise<number> {
  const [row] = await db
    .select({ friends: count() })
    .from(referrals)
    .where(
      and(
        eq(referrals.merchantId, merchantId),
        eq(referrals.referrerUserId, userId),
        isNotNull(referrals.friendUserId),
        ne(referrals.state, 'unavailable'),
        gte(referrals.registeredAt, from),
        sql`${referrals.registeredAt} < ${to}`,
      ),
    );
  return row?.friends ?? 0;
}
