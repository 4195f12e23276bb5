import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';
import { cards } from '../modules/cards/cards.table.ts';
import { programRewards } from '../modules/cards/rewards.table.ts';
import { ledgerAccounts } from '../modules/ledger/accounts.table.ts';
import { programs } from '../modules/programs/programs.table.ts';
import { merchants } from '../modules/tenancy/merchants.table.ts';
import { integrationPurchases, type IntegrationPurchaseRow } from './purchases.table.ts';

type NewPurchase = typeof integrationPurchases.$inferInsert;

const memberAccount = alias(ledgerAccounts, 'member_account');
const issuanceAccount = alias(ledgerAccounts, 'issuance_account');

/**
 * Everything a purchase needs to know before it writes, in one query: the card, its program with
 * the merchant's time zone, the program's level-up offer, and the two ledger accounts an earn posts
 * to (absent until the first earn creates them).
 */
export async function findEarningContext(tx: Database, where: { merchantId: number } & ({ number: string } | { cardId: string })) {
  const [row] = await tx
    .select({
      card: cards,
      program: programs,
      timeZone: merchants.timezone,
      levelUpOffer: programRewards,
      memberAccount,
      issuanceAccount,
    })
    .from(cards)
    .innerJoin(programs, eq(programs.id, cards.programId))
    .innerJoin(merchants, eq(merchants.id, cards.merchantId))
    .leftJoin(programRewards, and(eq(programRewards.programId, cards.programId), eq(programRewards.kind, 'level-up')))
    .leftJoin(
      memberAccount,
      and(eq(memberAccount.merchantId, cards.merchantId), eq(memberAccount.programId, cards.programId), eq(memberAccount.kind, 'member'), eq(memberAccount.cardId, cards.id)),
    )
    .leftJoin(
      issuanceAccount,
      and(eq(issuanceAccount.merchantId, cards.merchantId), eq(issuanceAccount.programId, cards.programId), eq(issuanceAccount.kind, 'issuance'), isNull(issuanceAccount.cardId)),
    )
    .where(and(eq(cards.merchantId, where.merchantId), 'number' in where ? eq(cards.number, where.number) : eq(cards.id, where.cardId)))
    .limit(1)
    // Named, so PostgreSQL plans this six-table join once per connection instead of on every purchase.
    .prepare('number' in where ? 'earning_context_by_number' : 'earning_context_by_card')
    .execute();
  return row;
}

/** Records a bill; undefined when the merchant already reported this bill number. */
export async function insertPurchaseUnlessBilled(tx: Database, row: NewPurchase): Promise<IntegrationPurchaseRow | undefined> {
  const [saved] = await tx.insert(integrationPurchases).values(row).onConflictDoNothing().returning().prepare('insert_purchase').execute();
  return saved;
}

interface BillKey {
  merchantId: number;
  billNumber: string;
}

const byBill = ({ merchantId, billNumber }: BillKey) =>
  and(eq(integrationPurchases.merchantId, merchantId), eq(integrationPurchases.billNumber, billNumber));

/** The purchase of a bill, locked until the transaction ends so two voids cannot both pass. */
export async function lockPurchase(tx: Database, key: BillKey): Promise<IntegrationPurchaseRow | undefined> {
  const [row] = await tx.select().from(integrationPurchases).where(byBill(key)).for('update').limit(1);
  return row;
}

export async function markPurchaseVoided(tx: Database, key: BillKey & { voidEntryId: string | null; now: Date }): Promise<void> {
  await tx.update(integrationPurchases).set({ voidedAt: key.now, voidEntryId: key.voidEntryId }).where(byBill(key));
}
