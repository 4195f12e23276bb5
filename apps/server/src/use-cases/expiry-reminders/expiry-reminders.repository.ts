import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../modules/auth/users.table.ts';
import { cards } from '../../modules/card-access/cards.table.ts';
import { ledgerAccounts } from '../../modules/ledger/accounts.table.ts';
import { lots } from '../../modules/ledger/lots.table.ts';
import { programs } from '../../modules/programs/programs.table.ts';
import { vouchers, voucherTemplates } from '../../modules/vouchers/vouchers.table.ts';

/*
 * What the reminders read of the ledger's lots and the vouchers module's vouchers: reads only, by
 * pages, for one merchant at a time. Writing stays with the inbox (leaveMessage).
 */

/** The lapse window: after `now` and before `until`. */
interface Window {
  merchantId: number;
  now: Date;
  until: Date;
}

/** Value of a card that lapses within the window and is still unspent, of a card in the member's wallet that may spend it. */
function expiringLots({ merchantId, now, until }: Window) {
  return and(
    eq(ledgerAccounts.merchantId, merchantId),
    eq(ledgerAccounts.kind, 'member'),
    gt(lots.remaining, 0n),
    gt(lots.expiresAt, now),
    lt(lots.expiresAt, until),
    eq(cards.status, 'active'),
    isNull(users.deletionRequestedAt),
  );
}

export interface ExpiringLot {
  cardId: string;
  userId: string;
  programName: string;
  unit: (typeof programs.$inferSelect)['unit'];
  remaining: bigint;
  expiresAt: Date;
}

/**
 * The value that lapses within the window on the next cards after `after` (in id order, at most
 * `limit` cards), lot by lot: a page holds all of a card's lots, so a card is told once a run.
 */
export async function findExpiringLotsPage(db: Database, { after, limit, ...window }: Window & { after: string | null; limit: number }): Promise<{ lots: ExpiringLot[]; lastCardId: string | null }> {
  const page = await db
    .selectDistinct({ cardId: sql<string>`${ledgerAccounts.cardId}` })
    .from(lots)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, lots.accountId))
    .innerJoin(cards, eq(cards.id, ledgerAccounts.cardId))
    .innerJoin(users, eq(users.id, cards.ownerUserId))
    .where(and(expiringLots(window), after === null ? undefined : gt(ledgerAccounts.cardId, after)))
    .orderBy(asc(sql`${ledgerAccounts.cardId}`))
    .limit(limit);
  const cardIds = page.map((row) => row.cardId);
  if (cardIds.length === 0) return { lots: [], lastCardId: null };
  const rows = await db
    .select({ cardId: cards.id, userId: sql<string>`${cards.ownerUserId}`, programName: programs.name, unit: programs.unit, remaining: lots.remaining, expiresAt: sql<Date>`${lots.expiresAt}`.mapWith(lots.expiresAt) })
    .from(lots)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, lots.accountId))
    .innerJoin(cards, eq(cards.id, ledgerAccounts.cardId))
    .innerJoin(users, eq(users.id, cards.ownerUserId))
    .innerJoin(programs, eq(programs.id, cards.programId))
    .where(and(expiringLots(window), inArray(cards.id, cardIds)))
    .orderBy(asc(cards.id), asc(lots.expiresAt));
  return { lots: rows, lastCardId: cardIds.at(-1) ?? null };
}

export interface ExpiringVoucher {
  voucherId: string;
  userId: string;
  cardId: string;
  name: string;
  expiresAt: Date;
}

/**
 * The next vouchers after `after` (in id order, at most `limit`) a member could still use and that
 * lapse within the window: active, not hidden away by the member, not held by a gift on its way to
 * someone else.
 */
export async function findExpiringVouchersPage(db: Database, { merchantId, now, until, after, limit }: Window & { after: string | null; limit: number }): Promise<ExpiringVoucher[]> {
  return db
    .select({ voucherId: vouchers.id, userId: vouchers.userId, cardId: vouchers.cardId, name: voucherTemplates.name, expiresAt: vouchers.expiresAt })
    .from(vouchers)
    .innerJoin(voucherTemplates, eq(voucherTemplates.id, vouchers.templateId))
    .innerJoin(users, eq(users.id, vouchers.userId))
    .where(
      and(
        eq(vouchers.merchantId, merchantId),
        eq(vouchers.status, 'active'),
        eq(vouchers.isHidden, false),
        gt(vouchers.expiresAt, now),
        lt(vouchers.expiresAt, until),
        or(isNull(vouchers.giftHeldUntil), lte(vouchers.giftHeldUntil, now)),
        isNull(users.deletionRequestedAt),
        after === null ? undefined : gt(vouchers.id, after),
      ),
    )
    .orderBy(asc(vouchers.id))
    .limit(limit);
}
