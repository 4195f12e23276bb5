import { inTransaction, type Database } from '../../db/database.ts';
import { hasBillSince } from '../../integration/purchases.service.ts';
import { listMemberCardsOfPrograms } from '../../modules/card-access/card-access.service.ts';
import { hasCompletedOrderSince } from '../../modules/orders/orders.service.ts';
import { advanceFriend, findReferralProgramById, invitedWithAccounts, lockFriend, payDueCommissions, registeredFriends, type ReferralScope } from '../../modules/referrals/referrals.service.ts';

/*
 * How far the friends on members' lists got (docs/decisions/042-referrals.md): an invited phone
 * that made an account is registered, and a registered friend who has since bought, at the till or
 * in the shop (an order completed), has made a purchase; commissions that fell due are paid. It runs
 * for one member before their referral page is read, and for everyone every few minutes. Each step
 * moves a row under its lock from the state it was read in, so runs at the same time, or again,
 * change nothing twice.
 */

const BATCH = 200;

async function registerInvitedFriends(db: Database, scope: ReferralScope, now: Date): Promise<number> {
  let moved = 0;
  for (const { referral, friendUserId, createdAt } of await invitedWithAccounts(db, { ...scope, limit: BATCH })) {
    const done = await inTransaction(db, async (tx) => {
      const row = await lockFriend(tx, referral.id);
      const program = row && row.state === 'pending' ? await findReferralProgramById(tx, row) : undefined;
      if (!row || !program) return false;
      await advanceFriend(tx, { row, program, to: 'registered', patch: { friendUserId }, now: createdAt > now ? now : createdAt });
      return true;
    });
    if (done) moved += 1;
  }
  return moved;
}

async function hasBoughtSince(db: Database, { merchantId, userId, programId, since }: { merchantId: number; userId: string; programId: string; since: Date }): Promise<boolean> {
  const cards = await listMemberCardsOfPrograms({ db, merchantId, userId, programIds: [programId] });
  const cardIds = cards.map((card) => card.id);
  return (await hasBillSince(db, { merchantId, cardIds, since })) || (await hasCompletedOrderSince(db, { merchantId, cardIds, since }));
}

async function notePurchases(db: Database, scope: ReferralScope, now: Date): Promise<number> {
  let moved = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await registeredFriends(db, { ...scope, limit: BATCH, after, now });
    for (const listed of rows) {
      const program = await findReferralProgramById(db, listed);
      if (!program || !listed.friendUserId || !listed.registeredAt) continue;
      if (!(await hasBoughtSince(db, { merchantId: listed.merchantId, userId: listed.friendUserId, programId: program.programId, since: listed.registeredAt }))) continue;
      const done = await inTransaction(db, async (tx) => {
        const row = await lockFriend(tx, listed.id);
        if (!row || row.state !== 'registered') return false;
        await advanceFriend(tx, { row, program, to: 'purchased', now });
        return true;
      });
      if (done) moved += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return moved;
    after = last.id;
  }
}

/** Moves the friends in `scope` on and pays what fell due; answers how many moved and how many were paid. */
export async function advanceReferrals({ db, scope = {}, now }: { db: Database; scope?: ReferralScope; now: Date }): Promise<{ registered: number; purchased: number; paid: number }> {
  const registered = await registerInvitedFriends(db, scope, now);
  const purchased = await notePurchases(db, scope, now);
  const paid = await payDueCommissions({ db, scope, now });
  return { registered, purchased, paid };
}
