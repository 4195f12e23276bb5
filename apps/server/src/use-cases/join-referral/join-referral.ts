import type { ReferralJoin } from '@kartu/contracts';
import { DAY_MS, REFERRAL_JOIN_WITHIN_DAYS, maskRecipientName } from '@kartu/core';
import { inTransaction, type Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getMember } from '../../modules/auth/users.service.ts';
import type { UserRow } from '../../modules/auth/users.table.ts';
import { listMemberCardsOfPrograms } from '../../modules/card-access/card-access.service.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import { issueCard } from '../../modules/cards/cards.service.ts';
import { grantProgramReward } from '../../modules/cards/rewards.service.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import {
  advanceFriend,
  assertReferralActive,
  codeOwner,
  deviceHasJoined,
  friendOnList,
  memberHasJoined,
  otherInvitesOf,
  putFriendOnList,
  markUnavailable,
  payDueCommissions,
} from '../../modules/referrals/referrals.service.ts';

export interface JoinReferralOptions {
  db: Database;
  merchantId: number;
  user: UserRow;
  code: string;
  /** The browser the member joins on (x-device-id), hashed: one welcome per device. */
  deviceHash: string | null;
  activationCodeKey: string;
  now: Date;
}

import { queueMissionProgress } from '../mission-progress/mission-progress.ts';
/**
 * A new member joins through the code of the link they came by (docs/decisions/042-referrals.md):
 * they go on the list of the member who shared it as registered, hold a card of the program (the one
 * they have, or a new one with the program's welcome), and receive the friend's reward on it; the
 * member who shared is paid when the program pays at sign-up. All of it in one transaction.
 */
export async function joinReferral({ db, merchantId, user, code, deviceHash, activationCodeKey, now }: JoinReferralOptions): Promise<ReferralJoin> {
  const { program, referrerUserId } = await codeOwner({ db, merchantId, code, now });
  assertReferralActive(program, now);
  if (referrerUserId === user.id) throw new AppError('REFERRAL_SELF');
  if (user.createdAt.getTime() < now.getTime() - REFERRAL_JOIN_WITHIN_DAYS * DAY_MS) throw new AppError('REFERRAL_TOO_LATE');
  const friendIdentifier = user.phone ?? user.email;
  if (!friendIdentifier) throw new AppError('UNPROCESSABLE', { message: 'The account has no phone or e-mail' });

  const joined = await inTransaction(db, async (tx) => {
    if (await memberHasJoined(tx, { referralProgramId: program.id, friendUserId: user.id })) throw new AppError('REFERRAL_ALREADY_JOINED');
    const welcomeTaken = deviceHash !== null && (await deviceHasJoined(tx, { merchantId, deviceHash }));
    const listed = (await friendOnList(tx, { referralProgramId: program.id, referrerUserId, friendIdentifier })) ?? (await putFriendOnList(tx, { program, referrerUserId, friendIdentifier, now }));
    // Read under its lock: a join of the same member that committed meanwhile has filled it in.
    if (listed.friendUserId !== null) throw new AppError('REFERRAL_ALREADY_JOINED');
    const patch = { friendUserId: user.id, friendDeviceHash: deviceHash };
    if (welcomeTaken) await markUnavailable(tx, { row: listed, reason: 'device-used', patch });
    else {
      await advanceFriend(tx, { row: listed, program, to: 'registered', patch, now });
      await queueMissionProgress(tx, { merchantId, userId: referrerUserId, source: `referral:${listed.id}`, now });
    }
    // The friend came by this member's link: other members' invites of the same phone are left without them.
    for (const other of await otherInvitesOf(tx, { referralProgramId: program.id, friendIdentifier, exceptReferrer: referrerUserId })) {
      if (other.state === 'pending') await markUnavailable(tx, { row: other, reason: 'joined-another' });
    }

    const { program: cardProgram } = await getProgram({ db: tx, merchantId, programId: program.programId });
    const held = await listMemberCardsOfPrograms({ db: tx, merchantId, userId: user.id, programIds: [program.programId] });
    let card = held.find((candidate) => candidate.status === 'active');
    if (!card) {
      card = await issueCard({ db: tx, merchantId, programId: program.programId, activationCodeKey, ownerUserId: user.id });
      await grantProgramReward({ db: tx, card, kind: 'welcome', now });
    }
    const referrer = await getMember({ db: tx, merchantId, userId: referrerUserId });
    const referrerName = maskRecipientName(referrer.name);
    const friendReward = welcomeTaken ? 0n : program.friendReward;
    if (friendReward > 0n) {
      await earn({ db: tx, merchantId, card, amount: friendReward, now, reference: `referral-welcome:${listed.id}`, description: 'Referral welcome', metadata: { referralId: listed.id } });
      await leaveMessage(tx, {
        merchantId,
        userId: user.id,
        cardId: card.id,
        facts: { kind: 'referral_reward', role: 'friend', friendState: 'registered', otherName: referrerName, points: toJsonNumber(friendReward), unit: cardProgram.unit, programName: cardProgram.name },
        link: cardPagePath(card.id),
        now,
        onceKey: `referral-welcome:${listed.id}`,
      });
    }
    return { referralId: program.id, programName: cardProgram.name, cardId: card.id, friendReward: toJsonNumber(friendReward), unit: cardProgram.unit, referrerName };
  }).catch((error: unknown) => {
    // Two joins of one member at once: the second finds the first's row by the unique index.
    if (isUniqueViolation(error, 'referrals_friend_unique')) throw new AppError('REFERRAL_ALREADY_JOINED');
    throw error;
  });
  // The commission of a program that pays at sign-up, once the join has committed.
  await payDueCommissions({ db, scope: { referralProgramId: program.id, referrerUserId }, now });
  return joined;
}
