import { addDaysToIsoDate, isoDateIn, zoneOffsetMs } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { listMerchantTimeZones } from '../../modules/tenancy/tenancy.service.ts';
import { findExpiringLotsPage, findExpiringVouchersPage, type ExpiringLot } from './expiry-reminders.repository.ts';

/*
 * Reminders of what is about to lapse (business-rules §2 inbox; docs/decisions/035-broadcasts.md):
 * points (or stamps) of a card that lapse within the next 7 days and are still unspent, one message
 * per card and day they lapse on, and each e-voucher the member can still use that lapses within 7
 * days. A daily job; each reminder has a once key, so a run again, or a day whose window overlaps
 * yesterday's, tells nobody twice. Members are read page by page, each page in one transaction.
 */

/** How far ahead a reminder warns: what lapses on any of the next 7 days of the merchant's calendar. */
export const REMINDER_DAYS = 7;
const defaultPageSize = 500;

/** The start of a calendar day (yyyy-mm-dd) in a time zone. */
function startOfDayIn(isoDate: string, timeZone: string): Date {
  const midnightUtc = new Date(`${isoDate}T00:00:00Z`);
  return new Date(midnightUtc.getTime() - zoneOffsetMs(midnightUtc, timeZone));
}

/**
 * Whole days, so that all of a day's value is told together: whatever lapses from `now` until the
 * end of the 7th day after today, in the merchant's time zone.
 */
export function reminderWindowEnd(now: Date, timeZone: string): Date {
  return startOfDayIn(addDaysToIsoDate(isoDateIn(now, timeZone), REMINDER_DAYS + 1), timeZone);
}

export interface ExpiryReminderOptions {
  db: Database;
  merchantId: number;
  timeZone: string;
  now: Date;
  pageSize?: number;
}

interface LapsingDay {
  lot: ExpiringLot;
  /** yyyy-mm-dd in the merchant's time zone. */
  day: string;
  points: bigint;
  /** When the first of the day's value lapses. */
  expiresAt: Date;
}

/** A page's lots summed per card and day they lapse on (the lots come soonest first). */
function byCardAndDay(lots: ExpiringLot[], timeZone: string): LapsingDay[] {
  const days = new Map<string, LapsingDay>();
  for (const lot of lots) {
    const day = isoDateIn(lot.expiresAt, timeZone);
    const key = `${lot.cardId}:${day}`;
    const known = days.get(key);
    if (known) known.points += lot.remaining;
    else days.set(key, { lot, day, points: lot.remaining, expiresAt: lot.expiresAt });
  }
  return [...days.values()];
}

/** points_expiring for each card and day its value lapses on, within the window. Answers the messages written. */
async function remindExpiringPoints({ db, merchantId, timeZone, now, pageSize = defaultPageSize }: ExpiryReminderOptions): Promise<number> {
  const window = { merchantId, now, until: reminderWindowEnd(now, timeZone) };
  let written = 0;
  for (let after: string | null = null; ; ) {
    const { lots, lastCardId } = await findExpiringLotsPage(db, { ...window, after, limit: pageSize });
    if (lastCardId === null) return written;
    written += await db.transaction(async (tx) => {
      let left = 0;
      for (const { lot, day, points, expiresAt } of byCardAndDay(lots, timeZone)) {
        const message = await leaveMessage(tx, {
          merchantId,
          userId: lot.userId,
          cardId: lot.cardId,
          facts: { kind: 'points_expiring', points: toJsonNumber(points), unit: lot.unit, programName: lot.programName, expiresAt: expiresAt.toISOString() },
          link: cardPagePath(lot.cardId),
          now,
          onceKey: `points_expiring:${lot.cardId}:${day}`,
        });
        if (message) left += 1;
      }
      return left;
    });
    after = lastCardId;
  }
}

/** voucher_expiring for each voucher the member can still use that lapses within the window. Answers the messages written. */
async function remindExpiringVouchers({ db, merchantId, timeZone, now, pageSize = defaultPageSize }: ExpiryReminderOptions): Promise<number> {
  const window = { merchantId, now, until: reminderWindowEnd(now, timeZone) };
  let written = 0;
  for (let after: string | null = null; ; ) {
    const page = await findExpiringVouchersPage(db, { ...window, after, limit: pageSize });
    if (page.length === 0) return written;
    written += await db.transaction(async (tx) => {
      let left = 0;
      for (const voucher of page) {
        const message = await leaveMessage(tx, {
          merchantId,
          userId: voucher.userId,
          cardId: voucher.cardId,
          facts: { kind: 'voucher_expiring', voucherName: voucher.name, expiresAt: voucher.expiresAt.toISOString() },
          // The web app's voucher page (paths.egiftDetail).
          link: `/egifts/details/${encodeURIComponent(voucher.voucherId)}`,
          now,
          onceKey: `voucher_expiring:${voucher.voucherId}`,
        });
        if (message) left += 1;
      }
      return left;
    });
    if (page.length < pageSize) return written;
    after = page.at(-1)?.voucherId ?? null;
  }
}

/** Both reminders for one merchant; answers how many messages were written. */
export async function leaveExpiryReminders(options: ExpiryReminderOptions): Promise<{ points: number; vouchers: number }> {
  return { points: await remindExpiringPoints(options), vouchers: await remindExpiringVouchers(options) };
}

/** The daily job: every merchant's reminders, in its own time zone. */
export async function leaveEveryMerchantsExpiryReminders({ db, now }: { db: Database; now: Date }): Promise<{ points: number; vouchers: number }> {
  const total = { points: 0, vouchers: 0 };
  for (const { merchantId, timeZone } of await listMerchantTimeZones({ db })) {
    const written = await leaveExpiryReminders({ db, merchantId, timeZone, now });
    total.points += written.points;
    total.vouchers += written.vouchers;
  }
  return total;
}
