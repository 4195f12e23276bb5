import { inTransaction, type Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { codeEntryLock, guardedAttempt } from '../../modules/attempts/attempt-lock.service.ts';
import { getMemberCard } from '../../modules/card-access/card-access.service.ts';
import { recordStoreVisit, staffOfCodes } from '../../modules/outlets/outlets.service.ts';
import type { OutletRow } from '../../modules/outlets/outlets.table.ts';
import { merchantDayAt } from '../../modules/tenancy/tenancy.service.ts';
import { queueMissionProgress } from './mission-progress.ts';

/*
 * A visit to a store (docs/decisions/044-missions.md): at the counter, the cashier types the store's
 * code on the member's phone, as for a voucher; a wrong code counts, and the third locks the member's
 * check-ins for 24 hours. A visit counts once a store and merchant day, toward visit_store tasks.
 */

export interface StoreVisitOptions {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  outletCode: string;
  cashierCode?: string | undefined;
  codeKey: string;
  now: Date;
}

export async function visitStore({ db, merchantId, userId, cardId, outletCode, cashierCode, codeKey, now }: StoreVisitOptions): Promise<{ outletName: string; visitedAt: string; counted: boolean }> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
  const outlet = await guardedAttempt<OutletRow>({
    db,
    key: { merchantId, scope: 'store-visit', subject: userId },
    now,
    ...codeEntryLock,
    lockedCode: 'STORE_CODE_LOCKED',
    wrong: (attemptsRemaining) => new AppError('STORE_CODE_INVALID', { attemptsRemaining }),
    check: async (tx) => {
      const staff = await staffOfCodes(tx, { merchantId, outletCode, cashierCode, codeKey });
      return staff ? { kind: 'pass', value: staff.outlet } : { kind: 'wrong' };
    },
  });
  const counted = await inTransaction(db, async (tx) => {
    const visit = await recordStoreVisit(tx, { merchantId, outletId: outlet.id, userId, cardId: card.id, visitDay: await merchantDayAt(tx, { merchantId, now }), visitedAt: now });
    if (visit) await queueMissionProgress(tx, { merchantId, userId, source: `store-visit:${visit.id}`, now });
    return visit !== undefined;
  });
  return { outletName: outlet.name, visitedAt: now.toISOString(), counted };
}
