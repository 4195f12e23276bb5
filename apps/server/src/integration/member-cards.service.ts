import type { BalanceUnit } from '@kartu/contracts';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { findUserByIdentifier } from '../modules/auth/users.repository.ts';
import type { UserRow } from '../modules/auth/users.table.ts';
import type { CardRow } from '../modules/cards/cards.table.ts';
import { getBalance } from '../modules/ledger/ledger.service.ts';
import { findCardsOfMember } from './cards.repository.ts';

export interface MemberCardRow {
  card: CardRow;
  programName: string;
  unit: BalanceUnit;
}

/** The merchant's member with this E.164 phone and their cards; NOT_FOUND when there is none. */
export async function getMember({ db, merchantId, phone }: { db: Database; merchantId: number; phone: string }): Promise<{ member: UserRow; cards: MemberCardRow[] }> {
  const member = await findUserByIdentifier(db, merchantId, { type: 'phone', value: phone });
  if (!member) throw new AppError('NOT_FOUND', { message: 'No member has this phone number' });
  return { member, cards: await findCardsOfMember(db, { merchantId, userId: member.id }) };
}

/** A member's cards with what each can spend now. */
export async function listMemberCards({ db, merchantId, phone, now }: { db: Database; merchantId: number; phone: string; now: Date }) {
  const { cards } = await getMember({ db, merchantId, phone });
  return Promise.all(cards.map(async (row) => ({ ...row, balance: await getBalance({ db, merchantId, cardId: row.card.id, now }) })));
}
