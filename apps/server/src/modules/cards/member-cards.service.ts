import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findMember } from '../auth/users.service.ts';
import type { UserRow } from '../auth/users.table.ts';
import { issueCard, listCardsOfMember, type MemberCardRow } from './cards.service.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { getSpendableBalances } from '../ledger/ledger.service.ts';

/** The merchant's member with this E.164 phone and their cards; NOT_FOUND when there is none. */
export async function getMember({ db, merchantId, phone }: { db: Database; merchantId: number; phone: string }): Promise<{ member: UserRow; cards: MemberCardRow[] }> {
  const member = await findMember({ db, merchantId, identifier: { type: 'phone', value: phone } });
  if (!member) throw new AppError('NOT_FOUND', { message: 'No member has this phone number' });
  return { member, cards: await listCardsOfMember({ db, merchantId, userId: member.id }) };
}

/** A member's cards with what each can spend now. */
export async function listMemberCards({ db, merchantId, phone, now }: { db: Database; merchantId: number; phone: string; now: Date }) {
  const { cards } = await getMember({ db, merchantId, phone });
  const balances = await getSpendableBalances({ db, merchantId, cardIds: cards.map(({ card }) => card.id), now });
  return cards.map((row) => ({ ...row, balance: balances.get(row.card.id)?.spendable ?? 0n }));
}

/**
 * Issues one card of the merchant's program. When the phone belongs to a member of this merchant
 * the card goes straight into their wallet; otherwise it waits to be added with its number.
 */
export async function issueCardToMember({
  db,
  merchantId,
  programId,
  memberPhone,
  activationCode,
  activationCodeKey,
}: {
  db: Database;
  merchantId: number;
  programId: string;
  memberPhone?: string;
  activationCode?: string;
  activationCodeKey: string;
}): Promise<CardRow> {
  const member = memberPhone ? await findMember({ db, merchantId, identifier: { type: 'phone', value: memberPhone } }) : undefined;
  return issueCard({ db, merchantId, programId, activationCode, activationCodeKey, ownerUserId: member?.id ?? null });
}
