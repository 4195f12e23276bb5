import type { ScanEarn } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { lockOpenEarnCode, recordEarnCodeClaim } from '../../modules/scan/earn-codes.service.ts';
import { recordPurchaseInTransaction } from '../record-purchase/record-purchase.ts';
import { cardForCode } from './code-card.ts';

/**
 * A member scans a till's earn code (docs/decisions/046-scanning.md): in one transaction the code's
 * row is locked, so of two members scanning it at once the second finds it claimed, and the purchase
 * is recorded on the member's card as if the till had named the card (same rate, inbox message,
 * mission progress). The bill number keeps the till from reporting the purchase twice.
 */
export async function claimEarnCode({
  tx,
  merchantId,
  userId,
  earnCodeId,
  cardId,
  now,
}: {
  tx: Database;
  merchantId: number;
  userId: string;
  earnCodeId: string;
  cardId?: string | undefined;
  now: Date;
}): Promise<ScanEarn> {
  const code = await lockOpenEarnCode({ db: tx, merchantId, id: earnCodeId, now });
  const card = await cardForCode({ db: tx, merchantId, userId, programId: code.programId, cardId });
  const result = await recordPurchaseInTransaction({ tx, merchantId, now, cardNumber: card.number, programId: code.programId, amount: code.amount, billNumber: code.billNumber });
  await recordEarnCodeClaim(tx, { id: code.id, claimedBy: userId, cardId: card.id, earned: result.earned, claimedAt: now });
  const { program } = await getProgram({ db: tx, merchantId, programId: code.programId });
  return { cardId: card.id, programName: program.name, unit: program.unit, earned: toJsonNumber(result.earned), balance: toJsonNumber(result.balance) };
}
