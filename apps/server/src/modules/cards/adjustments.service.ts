import type { Database } from '../../db/database.ts';
import { getCardByNumber } from './cards.service.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { adjust } from '../ledger/points.service.ts';

/**
 * A correction from the merchant's back office: positive adds value, negative takes it away
 * (refused with INSUFFICIENT_BALANCE below zero). Works on cards in any state.
 */
export async function adjustCard({
  db,
  merchantId,
  cardNumber,
  amount,
  reason,
  now,
}: {
  db: Database;
  merchantId: number;
  cardNumber: string;
  amount: bigint;
  reason: string;
  now: Date;
}): Promise<{ entryId: string; balance: bigint }> {
  const card = await getCardByNumber({ db, merchantId, number: cardNumber });
  const entry = await adjust({ db, merchantId, card, amount, reason, now, metadata: { source: 'integration' } });
  return { entryId: entry.id, balance: await getBalance({ db, card, now }) };
}
