import { listMerchantTimeZones } from '../tenancy/tenancy.service.ts';
import type { Database } from '../../db/database.ts';
import type { CardRef } from './card-ref.ts';
import type { JournalEntryRow } from './journal.table.ts';
import { ensureMerchantAccount, findMemberAccount, lockLedgerAccounts, postEntry, type AccountRef } from './ledger.service.ts';
import { findAccountsWithExpiredLots, findExpiringLots, sumExpiredRemaining } from './lots.repository.ts';

/**
 * Moves the value of a member account's expired lots to the expiry account. Spends call it first,
 * so a member can never spend value past its expiry even before the scheduled sweep has run.
 */
export async function expireAccountLots(tx: Database, { account, now }: { account: AccountRef; now: Date }): Promise<JournalEntryRow | undefined> {
  const { merchantId, programId } = account;
  const expiry = await ensureMerchantAccount({ db: tx, merchantId, programId, kind: 'expiry' });
  await lockLedgerAccounts(tx, [account.id]);
  const amount = await sumExpiredRemaining(tx, { accountId: account.id, now });
  if (amount === 0n) return undefined;
  // Expired lots sort before every live one, so the debit spends exactly the expired lots.
  return postEntry({
    tx,
    merchantId,
    programId,
    kind: 'expiry',
    postings: [
      { account, amount: -amount },
      { account: expiry, amount },
    ],
    description: 'Expired',
    now,
  });
}

/** The scheduled sweep: one expiry entry per member account holding expired value. */
export async function expireLots({ db, now, merchantId }: { db: Database; now: Date; merchantId?: number }): Promise<JournalEntryRow[]> {
  const posted: JournalEntryRow[] = [];
  for (const account of await findAccountsWithExpiredLots(db, { now, merchantId })) {
    // One short transaction per account keeps locks brief while members keep spending.
    const entry = await db.transaction(async (tx) => expireAccountLots(tx, { account: { ...account, id: account.accountId, kind: 'member' }, now }));
    if (entry) posted.push(entry);
  }
  return posted;
}

export interface ExpiringValue {
  remaining: bigint;
  expiresAt: Date;
}

/** What a card will lose and when, soonest first, for the card page's expiry notice. */
export async function listExpiringLots({ db, card, now, limit = 20 }: { db: Database; card: CardRef; now: Date; limit?: number }): Promise<ExpiringValue[]> {
  const account = await findMemberAccount(db, card);
  if (!account) return [];
  const rows = await findExpiringLots(db, { accountId: account.id, now, limit });
  return rows.flatMap((row) => (row.expiresAt ? [{ remaining: row.remaining, expiresAt: row.expiresAt }] : []));
}

/** Moves expired value of every merchant's member accounts to the expiry account. */
export async function expireLotsOfEveryMerchant({ db, now }: { db: Database; now: Date }): Promise<number> {
  let posted = 0;
  for (const { merchantId } of await listMerchantTimeZones({ db })) posted += (await expireLots({ db, now, merchantId })).length;
  return posted;
}
