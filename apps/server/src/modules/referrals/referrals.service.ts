import { randomInt } from 'node:crypto';
import type { ReferralFriend, ReferralInvite, ReferralListItem, ReferralOffer, ReferralOverview, ReferralRewardOn, ReferralState, ReferralUnavailableReason } from '@kartu/contracts';
import { DAY_MS, REFERRAL_INVITES_PER_DAY, REFERRAL_PURCHASE_WITHIN_DAYS, maskEmail, maskRecipientName, maskRecipientPhone, phoneRegionOf } from '@kartu/core';
import { inTransaction, type Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import type { MerchantRef } from '../auth/auth.context.ts';
import { normaliseIdentifier } from '../auth/identifier.ts';
import { findMember, getMember } from '../auth/users.service.ts';
import type { UserRow } from '../auth/users.table.ts';
import { listMemberCardsOfPrograms } from '../card-access/card-access.service.ts';
import { cardPagePath } from '../card-access/card-pages.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { leaveMessage } from '../inbox/inbox.service.ts';
import { earn } from '../ledger/points.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import {
  countCommissionsPaidSince,
  countInvitesSince,
  countReferralsByState,
  deviceJoinedBefore,
  findCodeOwner,
  findCommissionsDue,
  findMemberCode,
  findMerchantReferralPrograms,
  findOtherInvites,
  findPendingWithAccounts,
  findRegistered,
  findReferralOf,
  findReferralProgram,
  findReferralsPage,
  hasJoined,
  insertMemberCode,
  insertReferral,
  insertReferralProgram,
  lockReferral,
  updateReferral,
  updateReferralProgramEnd,
  type ReferralPatch,
  type ReferralScope,
  countFriendsSignedUp,
} from './referrals.repository.ts';
import type { ReferralProgramRow, ReferralRow } from './referrals.table.ts';

/*
 * Referral (docs/decisions/042-referrals.md): a member's code and link for a card program, the
 * friends they invite by phone or who join through the link, and the commission each friend earns
 * them. What crosses into other modules (a new member's card, purchases) is in the use cases
 * join-referral and referral-progress.
 */

export type { ReferralScope };

export const FRIENDS_PAGE_SIZE = 20;

export function referralStatus(program: Pick<ReferralProgramRow, 'startsAt' | 'endsAt'>, now: Date): 'active' | 'ended' {
  return program.startsAt <= now && (program.endsAt === null || now < program.endsAt) ? 'active' : 'ended';
}

async function offerOf(db: Database, program: ReferralProgramRow, now: Date): Promise<ReferralOffer> {
  const { program: cardProgram } = await getProgram({ db, merchantId: program.merchantId, programId: program.programId });
  return {
    id: program.id,
    programId: program.programId,
    programName: cardProgram.name,
    unit: cardProgram.unit,
    referrerReward: toJsonNumber(program.referrerReward),
    friendReward: toJsonNumber(program.friendReward),
    rewardOn: program.rewardOn,
    status: referralStatus(program, now),
    endsAt: program.endsAt?.toISOString() ?? null,
  };
}

/** The referral program of this id at the merchant, started; 404 REFERRAL_NOT_FOUND otherwise. */
export async function getReferralProgram({ db, merchantId, referralId, now }: { db: Database; merchantId: number; referralId: string; now: Date }): Promise<ReferralProgramRow> {
  const program = isUuid(referralId) ? await findReferralProgram(db, { merchantId, id: referralId }) : undefined;
  if (!program || program.startsAt > now) throw new AppError('REFERRAL_NOT_FOUND');
  return program;
}

export function assertReferralActive(program: ReferralProgramRow, now: Date): void {
  if (referralStatus(program, now) !== 'active') throw new AppError('REFERRAL_ENDED');
}

export interface CreateReferralProgramOptions {
  db: Database;
  merchantId: number;
  programId: string;
  referrerReward: bigint;
  friendReward: bigint;
  rewardOn: ReferralRewardOn;
  dailyRewardCap: number;
  startsAt: Date;
  endsAt: Date | null;
  now: Date;
}

/** A merchant's offer for a card program; one per program (409 CONFLICT for a second). */
export async function createReferralProgram({ db, merchantId, programId, now, ...offer }: CreateReferralProgramOptions): Promise<ReferralProgramRow> {
  if (!isUuid(programId)) throw new AppError('NOT_FOUND', { message: 'Program not found' });
  await getProgram({ db, merchantId, programId });
  if (offer.referrerReward < 0n || offer.friendReward < 0n) throw new AppError('VALIDATION_FAILED', { message: 'Rewards cannot be negative' });
  if (offer.endsAt && offer.endsAt <= offer.startsAt) throw new AppError('VALIDATION_FAILED', { message: 'The end must come after the start' });
  // A second one is refused without a failed statement: the integration API's write stores its answer in the same transaction.
  const created = await insertReferralProgram(db, { merchantId, programId, ...offer, createdAt: now });
  if (!created) throw new AppError('CONFLICT', { message: 'This program already has a referral program' });
  return created;
}

/** A referral program of the merchant, started or not; 404 NOT_FOUND otherwise. */
export async function getMerchantReferralProgram({ db, merchantId, referralId }: { db: Database; merchantId: number; referralId: string }): Promise<ReferralProgramRow> {
  const program = isUuid(referralId) ? await findReferralProgram(db, { merchantId, id: referralId }) : undefined;
  if (!program) throw new AppError('NOT_FOUND', { message: 'Referral program not found' });
  return program;
}

export async function listReferralPrograms({ db, merchantId }: { db: Database; merchantId: number }): Promise<ReferralProgramRow[]> {
  return findMerchantReferralPrograms(db, merchantId);
}

/** Ends the offer now: links stop welcoming friends, and friends already on their way still count. */
export async function endReferralProgram({ db, merchantId, referralId, now }: { db: Database; merchantId: number; referralId: string; now: Date }): Promise<boolean> {
  return isUuid(referralId) && updateReferralProgramEnd(db, { merchantId, id: referralId, endsAt: now });
}

/** Of the member's cards, the active one of the program (the first they added), else any card of it. */
function preferredCard(cards: CardRow[], programId: string): CardRow | undefined {
  const ofProgram = cards.filter((card) => card.programId === programId);
  return ofProgram.find((card) => card.status === 'active') ?? ofProgram[0];
}

async function memberCardOf(db: Database, { merchantId, userId, programId }: { merchantId: number; userId: string; programId: string }): Promise<CardRow | undefined> {
  return preferredCard(await listMemberCardsOfPrograms({ db, merchantId, userId, programIds: [programId] }), programId);
}

/** app-core §3 referral (isHaveReferral, referralId): the started referral programs of the member's cards. */
export async function listMemberReferrals({ db, merchantId, userId, now }: { db: Database; merchantId: number; userId: string; now: Date }): Promise<ReferralListItem[]> {
  const started = (await findMerchantReferralPrograms(db, merchantId)).filter((program) => program.startsAt <= now);
  if (started.length === 0) return [];
  const cards = await listMemberCardsOfPrograms({ db, merchantId, userId, programIds: started.map((program) => program.programId) });
  const items: ReferralListItem[] = [];
  for (const program of started) {
    const card = preferredCard(cards, program.programId);
    if (card) items.push({ ...(await offerOf(db, program, now)), cardId: card.id });
  }
  return items;
}

// Codes are read aloud and typed: no 0/O or 1/I/L.
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The member's name's first letters (A to Z) and four drawn ones: RANI7KQ2; only drawn ones without a name. */
function drawCode(name: string | null): string {
  const letters = (name ?? '')
    .normalize('NFD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 6);
  let drawn = '';
  for (let index = 0; index < (letters.length >= 3 ? 4 : 8); index += 1) drawn += codeAlphabet[randomInt(codeAlphabet.length)];
  return letters.length >= 3 ? `${letters}${drawn}` : drawn;
}

/** The member's code for the program, made on first use. */
export async function memberCode(db: Database, { program, user, now }: { program: ReferralProgramRow; user: Pick<UserRow, 'id' | 'name'>; now: Date }): Promise<string> {
  for (let draw = 0; draw < 8; draw += 1) {
    const known = await findMemberCode(db, { referralProgramId: program.id, userId: user.id });
    if (known) return known;
    await insertMemberCode(db, { referralProgramId: program.id, userId: user.id, merchantId: program.merchantId, code: drawCode(user.name), createdAt: now });
  }
  throw new Error('No free referral code was found');
}

function maskIdentifier(identifier: string, country: string): string {
  return identifier.includes('@') ? maskEmail(identifier) : maskRecipientPhone(identifier, phoneRegionOf(country).dialCode);
}

function toFriend(row: ReferralRow, country: string): ReferralFriend {
  return {
    id: row.id,
    friendPhone: maskIdentifier(row.friendIdentifier, country),
    state: row.state,
    unavailableReason: row.unavailableReason,
    commission: toJsonNumber(row.commission),
    commissionPending: row.commissionDueAt !== null && row.commissionPaidAt === null,
    invitedAt: row.invitedAt.toISOString(),
    registeredAt: row.registeredAt?.toISOString() ?? null,
    purchasedAt: row.purchasedAt?.toISOString() ?? null,
  };
}

async function invitesLeftToday(db: Database, { program, userId, now }: { program: ReferralProgramRow; userId: string; now: Date }): Promise<number> {
  const sent = await countInvitesSince(db, { referralProgramId: program.id, referrerUserId: userId, since: new Date(now.getTime() - DAY_MS) });
  return Math.max(0, REFERRAL_INVITES_PER_DAY - sent);
}

export interface MemberReferralOptions {
  db: Database;
  merchant: MerchantRef;
  user: UserRow;
  referralId: string;
  now: Date;
}

/** The member's page of a referral program: code, link (on the site's `origin`), rewards and counts. */
export async function getReferralOverview({ db, merchant, user, referralId, now, origin }: MemberReferralOptions & { origin: string }): Promise<ReferralOverview> {
  const program = await getReferralProgram({ db, merchantId: merchant.id, referralId, now });
  const [offer, code, card, { counts, commission }, invitesLeft] = await Promise.all([
    offerOf(db, program, now),
    memberCode(db, { program, user, now }),
    memberCardOf(db, { merchantId: merchant.id, userId: user.id, programId: program.programId }),
    countReferralsByState(db, { referralProgramId: program.id, referrerUserId: user.id }),
    invitesLeftToday(db, { program, userId: user.id, now }),
  ]);
  return {
    ...offer,
    cardId: card?.id ?? null,
    code,
    link: `${origin}/?ref=${encodeURIComponent(code)}`,
    summary: { pending: counts.get('pending') ?? 0, registered: counts.get('registered') ?? 0, purchased: counts.get('purchased') ?? 0, commission: toJsonNumber(commission) },
    invitesLeftToday: offer.status === 'active' ? invitesLeft : 0,
  };
}

export async function listReferralFriends({ db, merchant, user, referralId, now, page, state }: MemberReferralOptions & { page: number; state?: ReferralState | undefined }) {
  const program = await getReferralProgram({ db, merchantId: merchant.id, referralId, now });
  const { rows, total } = await findReferralsPage(db, { referralProgramId: program.id, referrerUserId: user.id, state, limit: FRIENDS_PAGE_SIZE, offset: (page - 1) * FRIENDS_PAGE_SIZE });
  return { data: rows.map((row) => toFriend(row, user.country)), page, count: total };
}

function invalidPhone(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ field: 'body.phone', rule: 'invalid_format', message }] });
}

/**
 * Puts a friend's phone on the member's list, pending until they join. A phone that is a member
 * already, or that another member invited first, goes on the list as unavailable, with the reason:
 * the member sees why no commission will come.
 */
export async function inviteFriend({ db, merchant, user, referralId, phone, countryCode, now }: MemberReferralOptions & { phone: string; countryCode: string }): Promise<ReferralFriend> {
  const program = await getReferralProgram({ db, merchantId: merchant.id, referralId, now });
  assertReferralActive(program, now);
  let friendIdentifier: string;
  try {
    friendIdentifier = normaliseIdentifier({ identifierType: 'phone', identifierValue: phone, countryCode }, merchant.countryCode).value;
  } catch (error) {
    if (error instanceof AppError) throw invalidPhone(error.message);
    throw error;
  }
  if (friendIdentifier === user.phone) throw new AppError('REFERRAL_SELF');
  return inTransaction(db, async (tx) => {
    if ((await invitesLeftToday(tx, { program, userId: user.id, now })) === 0) throw new AppError('REFERRAL_INVITES_LIMIT');
    const member = await findMember({ db: tx, merchantId: merchant.id, identifier: { type: 'phone', value: friendIdentifier } });
    const first = (await findOtherInvites(tx, { referralProgramId: program.id, friendIdentifier, exceptReferrer: user.id }))[0];
    const unavailableReason = member ? 'already-member' : first ? 'invited-by-another' : null;
    const row = await insertReferral(tx, {
      merchantId: merchant.id,
      referralProgramId: program.id,
      referrerUserId: user.id,
      friendIdentifier,
      state: unavailableReason ? 'unavailable' : 'pending',
      unavailableReason,
      invitedAt: now,
    });
    if (!row) throw new AppError('REFERRAL_ALREADY_INVITED');
    return toFriend(row, user.country);
  });
}

/** What a shared code shows before sign-in; 404 REFERRAL_NOT_FOUND for a code the merchant never gave. */
export async function describeCode({ db, merchantId, code, now }: { db: Database; merchantId: number; code: string; now: Date }): Promise<ReferralInvite> {
  const owner = await findCodeOwner(db, { merchantId, code: code.toUpperCase() });
  if (!owner || owner.program.startsAt > now) throw new AppError('REFERRAL_NOT_FOUND');
  const [offer, referrer] = await Promise.all([offerOf(db, owner.program, now), getMember({ db, merchantId, userId: owner.referrerUserId })]);
  return { ...offer, code: code.toUpperCase(), referrerName: maskRecipientName(referrer?.name ?? null) };
}

/** The code's program and the member who gave it, for a friend joining through it. */
export async function codeOwner({ db, merchantId, code, now }: { db: Database; merchantId: number; code: string; now: Date }) {
  const owner = await findCodeOwner(db, { merchantId, code: code.toUpperCase() });
  if (!owner || owner.program.startsAt > now) throw new AppError('REFERRAL_NOT_FOUND');
  return owner;
}

/** The state a friend reaches and, when the program pays at that state, the commission falls due now. */
export async function advanceFriend(tx: Database, { row, program, to, patch = {}, now }: { row: ReferralRow; program: ReferralProgramRow; to: 'registered' | 'purchased'; patch?: ReferralPatch; now: Date }): Promise<ReferralRow> {
  const pays = program.rewardOn === to && program.referrerReward > 0n && row.commissionPaidAt === null;
  return updateReferral(tx, row.id, {
    ...patch,
    state: to,
    unavailableReason: null,
    ...(to === 'registered' ? { registeredAt: now } : { purchasedAt: now }),
    ...(pays && row.commissionDueAt === null ? { commissionDueAt: now } : {}),
  });
}

/** A friend's row under a lock, for a use case that moves it on in its transaction. */
export async function lockFriend(tx: Database, id: string): Promise<ReferralRow | undefined> {
  return lockReferral(tx, id);
}

export async function findReferralProgramById(db: Database, row: Pick<ReferralRow, 'merchantId' | 'referralProgramId'>): Promise<ReferralProgramRow | undefined> {
  return findReferralProgram(db, { merchantId: row.merchantId, id: row.referralProgramId });
}

/** Invited friends who have since made an account with the invited phone or e-mail. */
export async function invitedWithAccounts(db: Database, scope: ReferralScope & { limit: number }) {
  return findPendingWithAccounts(db, scope);
}

/** Registered friends still within the days in which a first purchase pays, in id order from `after`. */
export async function registeredFriends(db: Database, scope: ReferralScope & { limit: number; after?: string | undefined; now: Date }): Promise<ReferralRow[]> {
  return findRegistered(db, { ...scope, registeredSince: new Date(scope.now.getTime() - REFERRAL_PURCHASE_WITHIN_DAYS * DAY_MS) });
}

export async function memberHasJoined(db: Database, scope: { referralProgramId: string; friendUserId: string }): Promise<boolean> {
  return hasJoined(db, scope);
}

export async function deviceHasJoined(db: Database, scope: { merchantId: number; deviceHash: string }): Promise<boolean> {
  return deviceJoinedBefore(db, scope);
}

/** The friend's row on this member's list, under a lock. */
export async function friendOnList(tx: Database, scope: { referralProgramId: string; referrerUserId: string; friendIdentifier: string }): Promise<ReferralRow | undefined> {
  const row = await findReferralOf(tx, scope);
  return row ? lockReferral(tx, row.id) : undefined;
}

/** A friend who came by the member's link without an invite: on the list from now. */
export async function putFriendOnList(tx: Database, { program, referrerUserId, friendIdentifier, now }: { program: ReferralProgramRow; referrerUserId: string; friendIdentifier: string; now: Date }): Promise<ReferralRow> {
  const row = await insertReferral(tx, { merchantId: program.merchantId, referralProgramId: program.id, referrerUserId, friendIdentifier, state: 'pending', invitedAt: now });
  // Inserted by a join running at the same moment: that join's row, read under a lock.
  const listed = row ?? (await friendOnList(tx, { referralProgramId: program.id, referrerUserId, friendIdentifier }));
  if (!listed) throw new Error('The referral was neither saved nor found');
  return listed;
}

export async function otherInvitesOf(db: Database, scope: { referralProgramId: string; friendIdentifier: string; exceptReferrer: string }): Promise<ReferralRow[]> {
  return findOtherInvites(db, scope);
}

export async function markUnavailable(tx: Database, { row, reason, patch = {} }: { row: ReferralRow; reason: ReferralUnavailableReason; patch?: ReferralPatch }): Promise<ReferralRow> {
  return updateReferral(tx, row.id, { ...patch, state: 'unavailable', unavailableReason: reason, commissionDueAt: null });
}

/**
 * Pays the commissions that fell due, oldest first, while each member's day has room under the
 * program's cap (a rolling 24 hours); the rest wait for a later run. Each is paid in its own
 * transaction, under a lock on its row, so two runs never pay one twice.
 */
export async function payDueCommissions({ db, scope, now, limit = 200 }: { db: Database; scope: ReferralScope; now: Date; limit?: number }): Promise<number> {
  let paid = 0;
  for (const due of await findCommissionsDue(db, { ...scope, limit })) {
    const done = await inTransaction(db, async (tx) => {
      const row = await lockReferral(tx, due.id);
      if (!row || row.commissionPaidAt !== null || row.commissionDueAt === null) return false;
      const program = await findReferralProgram(tx, { merchantId: row.merchantId, id: row.referralProgramId });
      if (!program) return false;
      const paidToday = await countCommissionsPaidSince(tx, { referralProgramId: program.id, referrerUserId: row.referrerUserId, since: new Date(now.getTime() - DAY_MS) });
      if (paidToday >= program.dailyRewardCap) return false;
      const card = await memberCardOf(tx, { merchantId: row.merchantId, userId: row.referrerUserId, programId: program.programId });
      // A member without an active card of the program is paid once they hold one again.
      if (!card || card.status !== 'active') return false;
      const entry = await earn({
        db: tx,
        merchantId: row.merchantId,
        card,
        amount: program.referrerReward,
        now,
        reference: `referral:${row.id}`,
        description: 'Referral commission',
        metadata: { referralId: row.id, friendState: row.state },
      });
      await updateReferral(tx, row.id, { commission: program.referrerReward, commissionPaidAt: now, commissionDueAt: null, commissionEntryId: entry.id });
      const friend = row.friendUserId ? await getMember({ db: tx, merchantId: row.merchantId, userId: row.friendUserId }) : undefined;
      const { program: cardProgram } = await getProgram({ db: tx, merchantId: row.merchantId, programId: program.programId });
      await leaveMessage(tx, {
        merchantId: row.merchantId,
        userId: row.referrerUserId,
        cardId: card.id,
        facts: {
          kind: 'referral_reward',
          role: 'referrer',
          friendState: row.state === 'purchased' ? 'purchased' : 'registered',
          otherName: maskRecipientName(friend?.name ?? null),
          points: toJsonNumber(program.referrerReward),
          unit: cardProgram.unit,
          programName: cardProgram.name,
        },
        link: `${cardPagePath(card.id)}/referral/${program.id}`,
        now,
        onceKey: `referral:${row.id}`,
      });
      return true;
    });
    if (done) paid += 1;
  }
  return paid;
}

/** How many friends the member invited signed up in [from, to), in any of the merchant's referral programs. */
export async function friendsSignedUpBetween(db: Database, scope: { merchantId: number; userId: string; from: Date; to: Date }): Promise<number> {
  return countFriendsSignedUp(db, scope);
}
